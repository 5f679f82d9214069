import type { Language } from './i18n/languages';
import { artistMessages } from './i18n/messages/artist';
import { translatorOf } from './i18n/translator';
import type { CountryCode } from './settings/countries';
import { countryName } from './settings/entity';

/** Where an artist works, in the shopper's language: ({ city: 'Lisbon', country: 'PT' }, 'en-gb') -> 'Lisbon, Portugal'. */
export function artistPlace(artist: { city: string; country: string }, language: Language): string {
  return translatorOf(language, [artistMessages])('artist.place', { city: artist.city, country: countryName(artist.country as CountryCode, language) });
}
