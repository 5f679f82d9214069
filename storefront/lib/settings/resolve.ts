import * as z from 'zod/mini';
import type { Currency } from '@easel/shared/vocabulary';
import { parseLanguage, type Language } from '../i18n/languages';
import { buildUserSettings, choiceOf, currencySchema, factsOf, SETTINGS_QUERY, valueOr, type UserSettings } from './settings';

/** A page's or request's query, as Next.js hands it over. */
export type RawQuery = Record<string, string | string[] | undefined>;

export interface UrlOverrides {
  currency?: Currency;
  language?: Language;
}

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

/**
 * Which currency prices show in (SPEC §4): a signed-in user's own; for a visitor, the URL's
 * when it carries one, else their saved one. Signing in therefore switches to the user's
 * currency, and signing out back to the URL's when present.
 */
export function effectiveCurrency(input: { authenticated: boolean; saved: Currency; url: Currency | undefined }): Currency {
  return input.authenticated || input.url === undefined ? input.saved : input.url;
}

/** Saved settings with a page view's overrides applied; the saved ones untouched when nothing changes. */
export function applyOverrides(saved: UserSettings, overrides: UrlOverrides): UserSettings {
  const currency = effectiveCurrency({ authenticated: saved.authenticated, saved: saved.currency, url: overrides.currency });
  const language = overrides.language ?? saved.language;
  if (currency === saved.currency && language === saved.language) return saved;
  return buildUserSettings({ ...choiceOf(saved), currency, language }, factsOf(saved));
}

/** Saved settings with the query's overrides applied. */
export function applyUrlOverrides(saved: UserSettings, query: RawQuery): UserSettings {
  return applyOverrides(saved, readUrlOverrides(query));
}
