import { z } from 'zod';
import { COUNTRIES_WITHOUT_POSTCODES, COUNTRY_CODES, type CountryCode } from '../settings/countries';
import { countryName, countrySchema } from '../settings/settings';
import { languageTag, type Language } from '../i18n/languages';

/**
 * A shipping address in its parts, as couriers read it: the shopper's name, two lines, city,
 * region, postcode and country. The order keeps it as the lines a parcel label shows.
 */

const text = (max: number) => z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional().transform((v) => v || undefined);

export const shippingAddressSchema = z
  .strictObject({
    name: text(100),
    line1: text(200),
    line2: optionalText(200),
    city: text(100),
    region: optionalText(100),
    postcode: optionalText(20),
    country: countrySchema,
  })
  .superRefine((address, ctx) => {
    if (!address.postcode && !COUNTRIES_WITHOUT_POSTCODES.has(address.country)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'is required for an address in this country' });
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
