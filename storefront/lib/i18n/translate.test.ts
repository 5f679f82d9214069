import { describe, expect, it } from 'vitest';
import { languageTag, matchLanguage, parseLanguage } from './languages';
import { isKeyIn, messageArea } from './message-area';
import { MESSAGE_AREAS, MESSAGES } from './messages';
import { basketMessages } from './messages/basket';
import { galleryMessages } from './messages/gallery';
import { listingMessages } from './messages/listing';
import { getTranslator } from './translate';
import { translatorOf } from './translator';

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
    expect(british('settings.savedText', { currency: '$ USD', units: 'inches', country: 'France' })).toBe('Prices in $ USD, sizes in inches, shipping to France.');
    expect(british('settings.savedText', { currency: '$ USD', country: 'France' })).toBe('Prices in $ USD, sizes in {units}, shipping to France.');
  });
});

describe('areas of wording', () => {
  it('words each area as the whole table does, in both Englishes', () => {
    for (const language of ['en-gb', 'en-us'] as const) {
      const some = translatorOf(language, [basketMessages, galleryMessages]);
      const all = getTranslator(language);
      expect(some('basket.name')).toBe(all('basket.name'));
      expect(some('gallery.colour')).toBe(all('gallery.colour'));
      expect(some('basket.itemCount', { count: 1 })).toBe(all('basket.itemCount', { count: 1 }));
    }
    expect(translatorOf('en-us', [basketMessages])('basket.name')).toBe('Cart');
    expect(translatorOf('en-gb', [basketMessages])('basket.name')).toBe('Basket');
  });

  it('makes one translator for each language and set of areas', () => {
    expect(translatorOf('en-gb', [basketMessages])).toBe(translatorOf('en-gb', [basketMessages]));
    expect(translatorOf('en-us', [basketMessages])).not.toBe(translatorOf('en-gb', [basketMessages]));
    expect(translatorOf('en-gb', [basketMessages, galleryMessages])).not.toBe(translatorOf('en-gb', [basketMessages]));
  });

  it('takes only the keys of the areas named', () => {
    const basketOnly = translatorOf('en-gb', [basketMessages]);
    // @ts-expect-error: the gallery's wording is not among the areas named.
    const outside = () => basketOnly('gallery.colour');
    expect(outside).toBeTypeOf('function');
  });

  it('takes into an area only keys under its name, and American wording only for its British keys', () => {
    // @ts-expect-error: a gallery message does not belong in the basket's area.
    const misfiled = () => messageArea('basket', { 'gallery.colour': 'Colour' });
    // @ts-expect-error: American English words only messages British English has.
    const unmatched = () => messageArea('basket', { 'basket.name': 'Basket' }, { 'basket.title': 'Your cart' });
    // @ts-expect-error: American English keeps each message's form.
    const reshaped = () => messageArea('basket', { 'basket.name': 'Basket' }, { 'basket.name': { one: 'Cart', other: 'Carts' } });
    expect([misfiled, unmatched, reshaped].every((make) => typeof make === 'function')).toBe(true);
    expect(messageArea('basket', { 'basket.name': 'Basket' }, { 'basket.name': 'Cart' }).american).toEqual({ 'basket.name': 'Cart' });
  });

  it('files each message under the area its key names, and each area once', () => {
    const names = MESSAGE_AREAS.map((area) => area.name);
    expect(new Set(names).size).toBe(names.length);
    for (const area of MESSAGE_AREAS) {
      for (const key of [...Object.keys(area.british), ...Object.keys(area.american)]) expect(key.startsWith(`${area.name}.`), key).toBe(true);
      for (const key of Object.keys(area.american)) expect(Object.hasOwn(area.british, key), key).toBe(true);
    }
    const total = MESSAGE_AREAS.reduce((sum, area) => sum + Object.keys(area.british).length, 0);
    expect(Object.keys(MESSAGES['en-gb'])).toHaveLength(total);
  });

  it('tells whether an area words a text', () => {
    expect(isKeyIn(listingMessages, 'listing.refusal.title')).toBe(true);
    expect(isKeyIn(listingMessages, 'basket.name')).toBe(false);
    expect(isKeyIn(listingMessages, 'must be a number')).toBe(false);
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
