import { describe, expect, it } from 'vitest';
import { buildUserSettings, effectiveCurrency, VISITOR_FACTS } from './entity';
import { DEFAULT_SETTINGS } from './defaults.fixture';
import { applyUrlOverrides, rawQuery, readUrlOverrides } from './resolve';

const visitor = buildUserSettings({ currency: 'EUR', country: 'FR', display_units: 'cm', language: 'en-gb' }, VISITOR_FACTS);
const user = buildUserSettings({ currency: 'CAD', country: 'CA', display_units: 'in', language: 'en-us' }, { ...VISITOR_FACTS, authenticated: true });

describe('readUrlOverrides', () => {
  it.each([
    [{}, {}],
    [{ currency: 'USD' }, { currency: 'USD' }],
    [{ currency: 'usd' }, { currency: 'USD' }],
    [{ currency: ['AUD', 'EUR'] }, { currency: 'AUD' }],
    [{ currency: 'XYZ' }, {}],
    [{ currency: 'U'.repeat(5000) }, {}],
    [{ language: 'en-US' }, { language: 'en-us' }],
    [{ language: 'fr' }, { language: 'en-gb' }],
    [{ colours: 'blue', page: '2' }, {}],
  ])('reads %j as %j', (query, overrides) => {
    expect(readUrlOverrides(query)).toEqual(overrides);
  });
});

describe('rawQuery', () => {
  it('reads a query string the way Next.js hands pages their searchParams', () => {
    expect(rawQuery(new URLSearchParams('currency=USD&currency=EUR&language=en-us'))).toEqual({ currency: ['USD', 'EUR'], language: 'en-us' });
    expect(readUrlOverrides(rawQuery(new URLSearchParams('currency=USD&currency=EUR')))).toEqual({ currency: 'USD' });
  });
});

describe('which currency prices show in (SPEC §4)', () => {
  it('lets the URL currency win for a visitor', () => {
    expect(applyUrlOverrides(visitor, { currency: 'USD' })).toMatchObject({ currency: 'USD', currency_symbol: '$', country: 'FR' });
  });

  it('keeps a signed-in user\'s own currency over the URL\'s', () => {
    expect(applyUrlOverrides(user, { currency: 'USD' }).currency).toBe('CAD');
  });

  it('keeps the saved currency when the URL has none or a junk one', () => {
    expect(applyUrlOverrides(visitor, {})).toBe(visitor);
    expect(applyUrlOverrides(visitor, { currency: 'nope' })).toBe(visitor);
  });

  it('on sign-in switches to the user\'s currency, even with a URL currency', () => {
    expect(effectiveCurrency({ authenticated: true, saved: 'CAD', url: 'USD' })).toBe('CAD');
  });

  it('on sign-out switches to the URL currency when there is one, else the visitor\'s saved one', () => {
    expect(effectiveCurrency({ authenticated: false, saved: 'GBP', url: 'USD' })).toBe('USD');
    expect(effectiveCurrency({ authenticated: false, saved: 'GBP', url: undefined })).toBe('GBP');
  });
});

describe('the language in the URL', () => {
  it('overrides the saved language for everyone, and an unsupported one reads as British', () => {
    expect(applyUrlOverrides(DEFAULT_SETTINGS, { language: 'en-us' })).toMatchObject({ language: 'en-us', language_display: 'American English' });
    expect(applyUrlOverrides(user, { language: 'en-gb' }).language).toBe('en-gb');
    expect(applyUrlOverrides(user, { language: 'klingon' }).language).toBe('en-gb');
  });
});
