import { CURRENCY_SYMBOLS, type Currency } from '@easel/shared/vocabulary';
import { LANGUAGE_NAMES, languageTag, type Language } from '../i18n/languages';
import { settingsMessages } from '../i18n/messages/settings';
import { translatorOf } from '../i18n/translator';
import type { CountryCode } from './countries';
import type { SettingsChoice, UserSettings } from './settings';

/**
 * The shopper's settings without their schemas (SPEC §3, §4): where visitors keep them, the
 * defaults, the full entity built from the four choices, and a page view's URL overrides
 * applied to it. The header and the settings store need these on every page, so this module
 * imports no zod; the schemas that check settings are in settings.ts.
 */

/** Where a visitor's settings live; a signed-in user's are kept in the database instead. */
export const SETTINGS_COOKIES = {
  currency: 'af-currency',
  /** The ships-to country. */
  shipping: 'af-shipping',
  /** Language and display units, e.g. 'en-us:in'. */
  locale: 'af-locale',
} as const;

/** Query parameters that override the saved settings for one page view (SPEC §1, §4). */
export const SETTINGS_QUERY = {
  currency: 'currency',
  language: 'language',
} as const;

/**
 * What the account (or its absence) contributes besides the four choices; `welcome_code`, whether
 * the welcome code is still the shopper's to spend, decides `credit_data`.
 */
export type AccountFacts = Pick<
  UserSettings,
  'basket_count' | 'unread_count' | 'review_count' | 'collections_enabled' | 'psychobar' | 'dislike_collective' | 'authenticated'
> & { welcome_code: boolean };

/** A visitor has no basket count yet and no collections (they need an account). */
export const VISITOR_FACTS: AccountFacts = {
  basket_count: 0,
  unread_count: 0,
  review_count: 0,
  collections_enabled: false,
  psychobar: false,
  dislike_collective: false,
  authenticated: false,
  // A visitor is no customer yet: the code is checked once they log in or give an email.
  welcome_code: true,
};

/**
 * The promo code every customer may spend once (data/src/catalogue/promo-codes.ts), offered as
 * `credit_data` until they have.
 */
export const WELCOME_CODE = 'WELCOME10';

/**
 * SPEC §3's `credit_data`: what the shopper has to spend, in their English, and where to spend
 * it. Easel keeps no store credit, so it is the welcome code, entered in the basket, while the
 * shopper can still spend it, and nothing (empty text and address) once they have:
 * ('en-us', true) -> { display_text: '10% off your order with the code WELCOME10', url: '/basket/' }.
 */
export function creditData(language: Language, welcomeCode: boolean): UserSettings['credit_data'] {
  if (!welcomeCode) return { display_text: '', url: '' };
  return { display_text: translatorOf(language, [settingsMessages])('settings.credit', { code: WELCOME_CODE }), url: '/basket/' };
}

export const DEFAULT_CHOICE: SettingsChoice = { currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb' };

const regionNames = new Map<Language, Intl.DisplayNames>();

/** A country's English name in the shopper's English: ('KN', 'en-us') -> 'St. Kitts & Nevis'. */
export function countryName(code: CountryCode, language: Language): string {
  let names = regionNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([languageTag(language)], { type: 'region' });
    regionNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/** The full entity from the four choices and the account's facts, display names filled in. */
export function buildUserSettings(choice: SettingsChoice, { welcome_code, ...facts }: AccountFacts): UserSettings {
  return {
    ...facts,
    currency: choice.currency,
    currency_symbol: CURRENCY_SYMBOLS[choice.currency],
    country: choice.country,
    country_display: countryName(choice.country, choice.language),
    display_units: choice.display_units,
    language: choice.language,
    language_display: LANGUAGE_NAMES[choice.language],
    credit_data: creditData(choice.language, welcome_code),
  };
}

/** The four choices inside a full settings entity. */
export function choiceOf(settings: UserSettings): SettingsChoice {
  return { currency: settings.currency, country: settings.country, display_units: settings.display_units, language: settings.language };
}

/** The account facts inside a full settings entity. */
export function factsOf(settings: UserSettings): AccountFacts {
  const { basket_count, unread_count, review_count, collections_enabled, psychobar, dislike_collective, authenticated } = settings;
  return { basket_count, unread_count, review_count, collections_enabled, psychobar, dislike_collective, authenticated, welcome_code: settings.credit_data.url !== '' };
}

/** The settings a page view's URL overrides (SPEC §1, §4). */
export interface UrlOverrides {
  currency?: Currency;
  language?: Language;
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
