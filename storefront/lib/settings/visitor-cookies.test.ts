import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICE } from './entity';
import type { SettingsChoice } from './settings';
import { readVisitorChoice, visitorCookieValues } from './visitor-cookies';

const jar = (cookies: Record<string, string>) => (name: string) => cookies[name];

describe('a visitor\'s settings cookies', () => {
  it('write the four settings into af-currency, af-shipping and af-locale', () => {
    expect(visitorCookieValues({ currency: 'EUR', country: 'IE', display_units: 'in', language: 'en-us' })).toEqual({
      'af-currency': 'EUR', 'af-shipping': 'IE', 'af-locale': 'en-us:in',
    });
  });

  it('read back what they wrote', () => {
    const choice: SettingsChoice = { currency: 'CAD', country: 'CA', display_units: 'in', language: 'en-us' };
    expect(readVisitorChoice(jar(visitorCookieValues(choice)))).toEqual(choice);
  });

  it('read as the defaults when there are none', () => {
    expect(readVisitorChoice(jar({}))).toEqual(DEFAULT_CHOICE);
  });

  it('read a language without units as centimetres, and a language tag in any case', () => {
    expect(readVisitorChoice(jar({ 'af-locale': 'en-US' }))).toMatchObject({ language: 'en-us', display_units: 'cm' });
  });

  it.each([
    ['an unknown currency', { 'af-currency': 'BTC' }],
    ['a currency in lower case', { 'af-currency': 'usd' }],
    ['an unknown country', { 'af-shipping': 'ZZ' }],
    ['an oversize value', { 'af-shipping': 'G'.repeat(4000), 'af-currency': 'G'.repeat(4000) }],
    ['an unsupported language', { 'af-locale': 'fr-fr:cm' }],
    ['unknown units', { 'af-locale': 'en-gb:furlongs' }],
    ['nonsense', { 'af-locale': ':::', 'af-currency': '', 'af-shipping': '%00' }],
  ])('fall back to the defaults for %s', (_, cookies) => {
    expect(readVisitorChoice(jar(cookies))).toEqual(DEFAULT_CHOICE);
  });

  it('keep the good values beside a junk one', () => {
    expect(readVisitorChoice(jar({ 'af-currency': 'nope', 'af-shipping': 'JP', 'af-locale': 'en-us:in' }))).toEqual({
      currency: 'GBP', country: 'JP', display_units: 'in', language: 'en-us',
    });
  });
});
