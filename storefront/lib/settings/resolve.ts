import * as z from 'zod/mini';
import { parseLanguage } from '../i18n/languages';
import { applyOverrides, SETTINGS_QUERY, type UrlOverrides } from './entity';
import { currencySchema, valueOr, type UserSettings } from './settings';

/** A page's or request's query, as Next.js hands it over. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** URLSearchParams in the shape Next.js gives pages, repeated names as lists: 'a=1&a=2&b=3' -> { a: ['1', '2'], b: '3' }. */
export function rawQuery(params: URLSearchParams): RawQuery {
  const query: RawQuery = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length === 1 ? values[0] : values;
  }
  return query;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Made once: a zod schema costs more to build than to check a value with. */
const urlCurrencySchema = z.optional(currencySchema);

/**
 * The settings a query string asks for. A currency that is not one of ours is ignored; a
 * language we do not speak falls back to British English (SPEC §5):
 * { currency: 'usd', language: 'fr' } -> { currency: 'USD', language: 'en-gb' }.
 */
export function readUrlOverrides(query: RawQuery): UrlOverrides {
  const currency = valueOr(urlCurrencySchema, first(query[SETTINGS_QUERY.currency])?.toUpperCase(), undefined);
  const language = first(query[SETTINGS_QUERY.language]);
  return {
    ...(currency === undefined ? {} : { currency }),
    ...(language === undefined ? {} : { language: parseLanguage(language) }),
  };
}

/** Saved settings with the query's overrides applied. */
export function applyUrlOverrides(saved: UserSettings, query: RawQuery): UserSettings {
  return applyOverrides(saved, readUrlOverrides(query));
}
