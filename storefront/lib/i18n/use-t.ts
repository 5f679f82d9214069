'use client';

import { useSettings } from '../settings/settings-context';
import type { MessageArea } from './message-area';
import type { Area } from './messages';
import { getNumberFormat, translatorOf, type Translate } from './translator';

/**
 * The wording of the areas named, in the shopper's language, for client components:
 * const t = useT(basketMessages, commonMessages); t('basket.name'). A key of an area not named
 * does not type-check, and the page's scripts carry only the areas its components name.
 */
export function useT<A extends Area>(...areas: [MessageArea<A>, ...MessageArea<A>[]]): Translate<A> {
  return translatorOf(useSettings().settings.language, areas);
}

/** Whole numbers in the shopper's locale, with its thousands separators: 12345 -> '12,345'. */
export function useFormatNumber(): (n: number) => string {
  return getNumberFormat(useSettings().settings.language);
}
