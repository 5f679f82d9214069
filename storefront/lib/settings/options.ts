import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '@easel/shared/vocabulary';
import { LANGUAGE_NAMES, LANGUAGES, languageTag, type Language } from '../i18n/languages';
import { getTranslator } from '../i18n/translate';
import { COUNTRY_CODES } from './countries';
import { countryName } from './entity';
import { DISPLAY_UNITS, type SettingsOptions } from './settings';

/** Every choice, named in the shopper's language; countries in alphabetical order. */
export function getSettingsOptions(language: Language): SettingsOptions {
  const t = getTranslator(language);
  const currencyNames = new Intl.DisplayNames([languageTag(language)], { type: 'currency' });
  const collator = new Intl.Collator(languageTag(language));
  return {
    currency: CURRENCIES.map((code: Currency) => ({
      value: code,
      display_name: `${code} – ${currencyNames.of(code) ?? code} (${CURRENCY_SYMBOLS[code]})`,
    })),
    country: COUNTRY_CODES.map((code) => ({ value: code, display_name: countryName(code, language) })).sort((a, b) =>
      collator.compare(a.display_name, b.display_name),
    ),
    display_units: DISPLAY_UNITS.map((units) => ({ value: units, display_name: t(`settings.units.${units}`) })),
    language: LANGUAGES.map((code) => ({ value: code, display_name: LANGUAGE_NAMES[code] })),
  };
}
