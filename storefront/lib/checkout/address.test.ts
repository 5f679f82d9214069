import { describe, expect, it } from 'vitest';
import { addressLabels, addressLines, countryChoices, shippingAddressSchema } from './address';

describe('shippingAddressSchema', () => {
  it.each([
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Bristol', postcode: 'BS1 4RN', country: 'GB' }, true],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Bristol', country: 'GB' }, false],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Bristol', postcode: '  ', country: 'GB' }, false],
    // Hong Kong has no postcodes.
    [{ name: 'Ada', line1: '8 Finance Street', city: 'Central', country: 'HK' }, true],
    [{ name: 'Ada', line1: ' ', city: 'Bristol', postcode: 'BS1', country: 'GB' }, false],
    // A postcode in its country's form, whatever its case; another country's, or half of one, is refused.
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Bristol', postcode: 'bs1 4rn', country: 'GB' }, true],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Bristol', postcode: 'BS1', country: 'GB' }, false],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Dublin', postcode: 'd02 x285', country: 'IE' }, true],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Amsterdam', postcode: '1012 ab', country: 'NL' }, true],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'Paris', postcode: 'BS1 4RN', country: 'FR' }, false],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'New York', postcode: '10001-1234', country: 'US' }, true],
    [{ name: 'Ada', line1: '1 Harbour Street', city: 'New York', postcode: '1000', country: 'US' }, false],
    [{ name: 'Ada', line1: '24 Sussex Drive', city: 'Ottawa', postcode: 'K1A 0B1', country: 'CA' }, true],
  ])('%j valid: %s', (address, valid) => {
    expect(shippingAddressSchema.safeParse(address).success).toBe(valid);
  });
});

describe('addressLines', () => {
  it('writes the lines a parcel label shows, leaving out what is empty', () => {
    expect(addressLines({ line1: '1 Harbour Street', line2: 'Flat 2', city: 'Bristol', region: 'Avon', postcode: 'BS1 4RN' })).toBe('1 Harbour Street\nFlat 2\nBristol Avon BS1 4RN');
    expect(addressLines({ line1: '8 Finance Street', city: 'Central' })).toBe('8 Finance Street\nCentral');
  });
});

describe('countryChoices', () => {
  it('sorts by name in the shopper\'s language, the ships-to country first', () => {
    const choices = countryChoices('en-gb', 'FR');
    expect(choices[0]).toEqual({ code: 'FR', name: 'France' });
    const rest = choices.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(choices.filter((c) => c.code === 'FR')).toHaveLength(1);
    // By name, not by code: the United Kingdom sorts under U, not G.
    expect(rest.indexOf('United Kingdom')).toBeGreaterThan(rest.indexOf('Spain'));
  });
});

describe('addressLabels', () => {
  it("names the postcode and region as the country's addresses do", () => {
    expect(addressLabels('US')).toEqual({ postcode: 'checkout.zip', region: 'checkout.state' });
    expect(addressLabels('CA')).toEqual({ postcode: 'checkout.postalCode', region: 'checkout.province' });
    expect(addressLabels('GB')).toEqual({ postcode: 'checkout.postcode', region: 'checkout.region' });
    // Hong Kong's addresses have no postcode: the field says it may be left out.
    expect(addressLabels('HK')).toEqual({ postcode: 'checkout.postcodeOptional', region: 'checkout.region' });
  });
});
