import { z } from 'zod';
import { COUNTRIES_WITHOUT_POSTCODES, COUNTRY_CODES, type CountryCode } from '../settings/countries';
import { countryName } from '../settings/settings';
import { languageTag, type Language } from '../i18n/languages';

/**
 * A shipping address in its parts, as couriers read it: the shopper's name, two lines, city,
 * region, postcode and country. The order keeps it as the lines a parcel label shows.
 */

// Each refusal is a sentence the shopper reads beside the form: what to enter, not which field failed.
const tooLong = (what: string, max: number) => `Shorten the ${what} to ${max} characters at most.`;
const text = (what: string, max: number) =>
  z.string({ error: `Enter the ${what}.` }).trim().min(1, `Enter the ${what}.`).max(max, tooLong(what, max));
const optionalText = (what: string, max: number) =>
  z.string({ error: `Enter the ${what} as text.` }).trim().max(max, tooLong(what, max)).optional().transform((v) => v || undefined);

export const shippingAddressSchema = z
  .strictObject({
    name: text('full name of the person the parcel is for', 100),
    line1: text('first line of the address', 200),
    line2: optionalText('second line of the address', 200),
    city: text('town or city', 100),
    region: optionalText('region', 100),
    postcode: optionalText('postcode', 20),
    country: z.enum(COUNTRY_CODES, { error: 'Choose the country from the list.' }),
  })
  .superRefine((address, ctx) => {
    if (!address.postcode && !COUNTRIES_WITHOUT_POSTCODES.has(address.country)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'Enter the postcode: addresses in this country have one.' });
    }
  });
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/** Whether an address in `country` needs a postcode: 'GB' -> true, 'HK' -> false. */
export const needsPostcode = (country: string) => !COUNTRIES_WITHOUT_POSTCODES.has(country as CountryCode);

/**
 * The address's lines below the name, as a parcel label shows them:
 * { line1: '12 St James’s Square', city: 'London', postcode: 'SW1Y 4JH', … } -> '12 St James’s Square\nLondon SW1Y 4JH'.
 * The country is kept apart, as a code.
 */
export function addressLines(address: { line1: string; city: string; line2?: string | null | undefined; region?: string | null | undefined; postcode?: string | null | undefined }): string {
  const place = [address.city, address.region, address.postcode].filter(Boolean).join(' ');
  return [address.line1, address.line2, place].filter(Boolean).join('\n');
}

/**
 * The countries a shopper chooses from, by name in their language, the one they ship to first:
 * ('en-gb', 'FR') -> [{ code: 'FR', name: 'France' }, { code: 'AF', name: 'Afghanistan' }, …].
 * Made on the server, so the page hydrates with the server's names.
 */
export function countryChoices(language: Language, first: string): { code: CountryCode; name: string }[] {
  const collator = new Intl.Collator(languageTag(language));
  const named = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => collator.compare(a.name, b.name));
  const chosen = named.find((c) => c.code === first);
  return chosen ? [chosen, ...named.filter((c) => c !== chosen)] : named;
}
