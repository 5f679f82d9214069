import { describe, expect, it } from 'vitest';
import { languageTag, matchLanguage, parseLanguage } from './languages';
import { MESSAGES } from './messages';
import { getTranslator } from './translate';

describe('the two Englishes', () => {
  const british = getTranslator('en-gb');
  const american = getTranslator('en-us');

  it.each([
    ['basket.name', 'Basket', 'Cart'],
    ['basket.title', 'Your shopping basket', 'Your shopping cart'],
    ['basket.empty', 'Your basket is empty', 'Your cart is empty'],
    ['gallery.colour', 'Colour', 'Color'],
    ['favourites.name', 'Favourites', 'Favorites'],
    ['settings.units.cm', 'Centimetres', 'Centimeters'],
  ] as const)('words %s differently', (key, gb, us) => {
    expect(british(key)).toBe(gb);
    expect(american(key)).toBe(us);
  });

  it('shares every message the two do not word differently', () => {
    expect(american('gallery.filters')).toBe('Filters');
    expect(american('gallery.sort.price_asc')).toBe('Price: low to high');
    expect(american('common.close')).toBe('Close');
  });

  it('has the same messages in both, with the same forms', () => {
    const gb = MESSAGES['en-gb'];
    const us = MESSAGES['en-us'];
    expect(Object.keys(us).sort()).toEqual(Object.keys(gb).sort());
    for (const key of Object.keys(gb) as (keyof typeof gb)[]) expect(typeof us[key]).toBe(typeof gb[key]);
  });

  it('picks the singular or plural form by count and formats the number', () => {
    expect(british('basket.itemCount', { count: 1 })).toBe('1 item in your basket');
    expect(british('basket.itemCount', { count: 0 })).toBe('0 items in your basket');
    expect(american('basket.itemCount', { count: 3 })).toBe('3 items in your cart');
    expect(british('gallery.showArtworks', { count: 1234 })).toBe('Show 1,234 artworks');
  });

  it('fills named slots and leaves a missing one visible', () => {
    expect(british('settings.savedText', { currency: '$ USD', units: 'inches' })).toBe('Prices in $ USD, sizes in inches.');
    expect(british('settings.savedText', { currency: '$ USD' })).toBe('Prices in $ USD, sizes in {units}.');
  });
});

describe('languages', () => {
  it.each([
    ['en-gb', 'en-gb'],
    ['en-US', 'en-us'],
    ['EN_us', 'en-us'],
    [' en-gb ', 'en-gb'],
  ])('matches %s as %s', (raw, language) => {
    expect(matchLanguage(raw)).toBe(language);
  });

  it.each(['en', 'en-au', 'fr', 'de-DE', '', 'x'.repeat(500), undefined])('falls back to British English for %s', (raw) => {
    expect(matchLanguage(raw)).toBeUndefined();
    expect(parseLanguage(raw)).toBe('en-gb');
  });

  it('tags <html lang> in BCP 47 case', () => {
    expect(languageTag('en-gb')).toBe('en-GB');
    expect(languageTag('en-us')).toBe('en-US');
  });
});
