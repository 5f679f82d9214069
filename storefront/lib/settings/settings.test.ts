import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries';
import { buildUserSettings, countryName, VISITOR_FACTS } from './entity';
import { DEFAULT_SETTINGS } from './defaults.fixture';
import { READ_ONLY_FIELDS } from './settings';

describe('the settings entity', () => {
  it('defaults to GBP (£), GB, cm, British English and an empty basket (SPEC §3)', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      basket_count: 0,
      unread_count: 0,
      review_count: 0,
      currency: 'GBP',
      currency_symbol: '£',
      country: 'GB',
      country_display: 'United Kingdom',
      display_units: 'cm',
      language: 'en-gb',
      language_display: 'British English',
      collections_enabled: false,
      psychobar: false,
      credit_data: { display_text: '10% off your order with the code WELCOME10', url: '/basket/' },
      dislike_collective: false,
      authenticated: false,
    });
  });

  it('fills in the display names from the choices', () => {
    const settings = buildUserSettings({ currency: 'AUD', country: 'US', display_units: 'in', language: 'en-us' }, VISITOR_FACTS);
    expect(settings).toMatchObject({ currency_symbol: 'A$', country_display: 'United States', language_display: 'American English' });
  });

  it('treats everything but the four choices as read-only', () => {
    expect(READ_ONLY_FIELDS).toEqual(expect.arrayContaining(['basket_count', 'unread_count', 'review_count', 'currency_symbol', 'country_display', 'language_display', 'authenticated']));
    expect(READ_ONLY_FIELDS).not.toEqual(expect.arrayContaining(['currency']));
    expect(READ_ONLY_FIELDS.some((field) => ['currency', 'country', 'display_units', 'language'].includes(field))).toBe(false);
  });
});

describe('countries', () => {
  it('lists about 250 distinct ISO codes, each with a name', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(245);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(countryName(code, 'en-gb')).not.toBe(code);
    }
  });

  it('names countries the way each English does', () => {
    expect(countryName('LC', 'en-gb')).toBe('St Lucia');
    expect(countryName('LC', 'en-us')).toBe('St. Lucia');
  });
});
