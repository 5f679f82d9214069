import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { COUNTRIES_WITHOUT_POSTCODES, COUNTRY_CODES, type CountryCode } from '../settings/countries';
import { countryName } from '../settings/entity';
import { languageTag, type Language } from '../i18n/languages';
import type { MessageKey } from '../i18n/messages';

/**
 * A shipping address in its parts, as couriers read it: the shopper's name, two lines, city,
 * region, postcode and country. The order keeps it as the lines a parcel label shows.
 */

// Each refusal is a sentence of the message table the shopper reads beside the form, in their
// English: what to enter, not which field failed (lib/api/validate.ts).
const text = (missing: MessageKey, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, 'refusal.tooLong' satisfies MessageKey);
const optionalText = (max: number) =>
  z.string({ error: 'refusal.tooLong' satisfies MessageKey }).trim().max(max, 'refusal.tooLong' satisfies MessageKey).optional().transform((v) => v || undefined);

export const shippingAddressSchema = z
  .strictObject({
    name: text('refusal.name', 100),
    line1: text('refusal.line1', 200),
    line2: optionalText(200),
    city: text('refusal.city', 100),
    region: optionalText(100),
    postcode: optionalText(20),
    country: z.enum(COUNTRY_CODES, { error: 'refusal.country' satisfies MessageKey }),
  })
  .superRefine((address, ctx) => {
    if (!address.postcode && !COUNTRIES_WITHOUT_POSTCODES.has(address.country)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'refusal.postcode' satisfies MessageKey });
    } else if (address.postcode && !isPostcodeOf(address.postcode, address.country)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'refusal.postcodeFormat' satisfies MessageKey });
    }
  });
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/**
 * Whether `postcode` has the form of `country`'s postcodes, in any case, as couriers check it (the
 * postcode table of postcode-validator, some of whose forms are upper case only; a country it has
 * no form for takes any): ('SW1Y 4JH', 'GB') -> true, ('75001', 'GB') -> false, ('d02 x285', 'IE') -> true.
 */
function isPostcodeOf(postcode: string, country: string): boolean {
  return !postcodeValidatorExistsForCountry(country) || postcodeValidator(postcode.toUpperCase(), country);
}

/** Whether an address in `country` needs a postcode: 'GB' -> true, 'HK' -> false. */
export const needsPostcode = (country: string) => !COUNTRIES_WITHOUT_POSTCODES.has(country as CountryCode);

/**
 * The labels of an address's postcode and region as its country's own addresses name them:
 * 'US' -> ZIP code and State, 'CA' -> Postal code and Province or territory, elsewhere the
 * shopper's English ('Postcode', optional where the country has none).
 */
export function addressLabels(country: string): { postcode: MessageKey<'checkout'>; region: MessageKey<'checkout'> } {
  if (country === 'US') return { postcode: 'checkout.zip', region: 'checkout.state' };
  if (country === 'CA') return { postcode: 'checkout.postalCode', region: 'checkout.province' };
  return { postcode: needsPostcode(country) ? 'checkout.postcode' : 'checkout.postcodeOptional', region: 'checkout.region' };
}

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
