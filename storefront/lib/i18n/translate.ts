import { languageTag, type Language } from './languages';
import { MESSAGES, type MessageKey, type PluralMessage } from './messages';

export type { MessageKey } from './messages';

/** Values for a message's `{name}` slots; `count` also picks the one/other form. */
export type MessageValues = Record<string, string | number>;

export type Translate = (key: MessageKey, values?: MessageValues) => string;

const translators = new Map<Language, Translate>();

/**
 * The wording for a language: getTranslator('en-us')('basket.name') -> 'Cart';
 * getTranslator('en-gb')('basket.itemCount', { count: 2 }) -> '2 items in your basket'.
 */
export function getTranslator(language: Language): Translate {
  let translate = translators.get(language);
  if (!translate) {
    translate = createTranslator(language);
    translators.set(language, translate);
  }
  return translate;
}

const numberFormats = new Map<Language, (n: number) => string>();

/** How a language writes numbers: getNumberFormat('en-gb')(12345) -> '12,345'. */
export function getNumberFormat(language: Language): (n: number) => string {
  let format = numberFormats.get(language);
  if (!format) {
    const numbers = new Intl.NumberFormat(languageTag(language));
    format = (n) => numbers.format(n);
    numberFormats.set(language, format);
  }
  return format;
}

function createTranslator(language: Language): Translate {
  const messages = MESSAGES[language];
  const tag = languageTag(language);
  const plurals = new Intl.PluralRules(tag);
  const formatNumber = getNumberFormat(language);
  return (key, values = {}) => {
    const message: string | PluralMessage = messages[key];
    const text = typeof message === 'string' ? message : pluralForm(message, values.count, plurals);
    return text.replace(/\{(\w+)\}/g, (slot, name: string) => {
      const value = values[name];
      if (value === undefined) return slot;
      return typeof value === 'number' ? formatNumber(value) : value;
    });
  };
}

function pluralForm(message: PluralMessage, count: string | number | undefined, rules: Intl.PluralRules): string {
  return typeof count === 'number' && rules.select(count) === 'one' ? message.one : message.other;
}
