import { deliveryWindow } from '@easel/shared/delivery';
import { languageTag, type Language } from './i18n/languages';

/** One formatter a language: making one costs more than formatting with it. */
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A work's delivery estimate as shoppers read it: when it should arrive at `to` if ordered
 * `ordered`, as a range of days in the shopper's English:
 * ({ dispatch_days: 2, ships_from: 'GB' }, 'GB', 'en-gb', Mon 30 Nov) -> '3 – 7 Dec' (thin spaces around the dash, as CLDR writes ranges).
 * Browser-safe, so the basket and checkout say what the product page says.
 */
export function arrivalText(work: { dispatch_days: number; ships_from: string }, to: string, language: Language, ordered: Date): string {
  const { earliest, latest } = deliveryWindow({ dispatchDays: work.dispatch_days, from: work.ships_from, to }, ordered);
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTag(language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormats.set(language, format);
  }
  return format.formatRange(new Date(earliest), new Date(latest));
}
