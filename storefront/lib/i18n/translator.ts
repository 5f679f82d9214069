import { languageTag, type Language } from './languages';
import type { Message, MessageArea, PluralMessage } from './message-area';
import type { Area, MessageKey } from './messages';

/** Values for a message's `{name}` slots; `count` also picks the one/other form. */
export type MessageValues = Record<string, string | number>;

/**
 * Words the messages of the areas named, in one language: a Translate<'basket'> takes
 * 'basket.name', 'basket.itemCount', …; a plain Translate takes every key of the table.
 */
export type Translate<A extends Area = Area> = (key: MessageKey<A>, values?: MessageValues) => string;

const translators = new Map<string, Translate<never>>();

/**
 * The wording of `areas` in a language, made once for each language and set of areas:
 * translatorOf('en-us', [basketMessages])('basket.name') -> 'Cart';
 * translatorOf('en-gb', [basketMessages])('basket.itemCount', { count: 2 }) -> '2 items in your basket'.
 */
export function translatorOf<A extends Area>(language: Language, areas: readonly MessageArea<A>[]): Translate<A> {
  const id = `${language}:${areas.map((area) => area.name).join()}`;
  let translate = translators.get(id);
  if (!translate) {
    translate = createTranslator(language, areas);
    translators.set(id, translate);
  }
  return translate as Translate<A>;
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

function createTranslator(language: Language, areas: readonly MessageArea[]): Translate {
  const messages: Record<string, Message> = Object.assign(
    {},
    ...areas.map((area) => area.british),
    ...(language === 'en-us' ? areas.map((area) => area.american) : []),
  );
  const plurals = new Intl.PluralRules(languageTag(language));
  const formatNumber = getNumberFormat(language);
  return (key, values = {}) => {
    const message = messages[key]!;
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
