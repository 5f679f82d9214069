import type { Language } from './languages';
import { MESSAGE_AREAS } from './messages';
import { translatorOf, type Translate } from './translator';

export type { MessageKey } from './messages';
export { getNumberFormat, type MessageValues, type Translate } from './translator';

/**
 * The wording of every area of the message table, for the server (pages, the API, mail):
 * getTranslator('en-us')('basket.name') -> 'Cart';
 * getTranslator('en-gb')('basket.itemCount', { count: 2 }) -> '2 items in your basket'.
 * A client component names the areas it uses instead (`useT`), so that its page's scripts do
 * not carry the whole table.
 */
export function getTranslator(language: Language): Translate {
  return translatorOf(language, MESSAGE_AREAS);
}
