import { parseLanguage } from '../i18n/languages';
import { buildUserSettings, DEFAULT_CHOICE, SETTINGS_COOKIES, VISITOR_FACTS } from './entity';
import { countrySchema, currencySchema, displayUnitsSchema, valueOr, type SettingsChoice, type UserSettings } from './settings';

/**
 * A visitor's settings in their three cookies: af-currency ('USD'), af-shipping ('US') and
 * af-locale ('en-us:in', the language and then the display units, since both are about how
 * the shopper reads the page). Reading never fails: each junk value falls back to its default.
 */

export type ReadCookie = (name: string) => string | undefined;

/** Cookies -> settings: { af-currency: 'EUR', af-locale: 'xx:in' } -> EUR, GB, in, en-gb. */
export function readVisitorChoice(read: ReadCookie): SettingsChoice {
  const [language, units] = (read(SETTINGS_COOKIES.locale) ?? '').split(':', 2);
  return {
    currency: valueOr(currencySchema, read(SETTINGS_COOKIES.currency), DEFAULT_CHOICE.currency),
    country: valueOr(countrySchema, read(SETTINGS_COOKIES.shipping), DEFAULT_CHOICE.country),
    display_units: valueOr(displayUnitsSchema, units, DEFAULT_CHOICE.display_units),
    language: parseLanguage(language),
  };
}

/** What the cookies alone say, as for a visitor: no basket count. */
export function getCookieSettings(readCookie: ReadCookie): UserSettings {
  return buildUserSettings(readVisitorChoice(readCookie), VISITOR_FACTS);
}

/** Settings -> the cookie values to write: { 'af-currency': 'USD', 'af-shipping': 'US', 'af-locale': 'en-us:in' }. */
export function visitorCookieValues(choice: SettingsChoice): Record<(typeof SETTINGS_COOKIES)[keyof typeof SETTINGS_COOKIES], string> {
  return {
    [SETTINGS_COOKIES.currency]: choice.currency,
    [SETTINGS_COOKIES.shipping]: choice.country,
    [SETTINGS_COOKIES.locale]: `${choice.language}:${choice.display_units}`,
  };
}
