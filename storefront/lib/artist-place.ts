import type { Language } from './i18n/languages';
import { getTranslator } from './i18n/translate';
import type { CountryCode } from './settings/countries';
import { countryName } from './settings/entity';

/** Where an artist works, in the shopper's language: ({ city: 'Lisbon', country: 'PT' }, 'en-gb') -> 'Lisbon, Portugal'. */
export function artistPlace(artist: { city: string; country: string }, language: Language): string {
  return getTranslator(language)('artist.place', { city: artist.city, country: countryName(artist.country as CountryCode, language) });
}
