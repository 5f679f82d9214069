import { filterMessages } from '../i18n/messages/filter';
import { vocabularyMessages } from '../i18n/messages/vocabulary';
import { isKeyIn } from '../i18n/message-area';
import type { Translate } from '../i18n/translator';

/**
 * How a vocabulary value reads, in the shopper's English (`t`): the message table's
 * `vocabulary.<value>` where it has one ('grey' -> 'Grey' or 'Gray', 'giclee' -> 'Giclée'), else
 * the value itself: 'mixed-media' -> 'Mixed media', 'still-life' -> 'Still life'.
 */
export function valueLabel(value: string, t: Translate<'vocabulary'>): string {
  const key = `vocabulary.${value}`;
  if (isKeyIn(vocabularyMessages, key)) return t(key);
  const text = value.replace(/-/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A filter row's label, in the shopper's English (`t`): the message table's `filter.<name>`
 * where it has one, else the filter table's own: colours -> 'Colour' or 'Color', subject -> 'Subject'.
 */
export function filterLabel(row: { name: string; label: string }, t: Translate<'filter'>): string {
  const key = `filter.${row.name}`;
  return isKeyIn(filterMessages, key) ? t(key) : row.label;
}

