import { describe, expect, it } from 'vitest';
import { productCardSchema } from './contract';
import { toProductCard } from './product-card';
import { SALE_HIT as hit } from './product-card.fixture';

describe('toProductCard', () => {
  it('makes a card the contract accepts, linking to the product page', () => {
    const card = toProductCard(hit, {});
    expect(productCardSchema.parse(card)).toEqual(card);
    expect(card).toMatchObject({ id: 7, slug: 'sea', url: '/product/sea/', artist_slug: 'ann' });
  });

  it('gives the main picture at the card widths as its srcset, from the picture folder', () => {
    expect(toProductCard(hit, {}).main_image_set.split(', ')).toEqual(
      [320, 480, 640, 800, 1200].map((w) => `/media/art/painting/sea/main/11/blue-gold/1500/${w}.webp ${w}w`),
    );
  });

  it.each([
    ['on sale: list price and sale price', hit, { prices: hit.original_prices, sale_prices: hit.prices, in_sale: true }],
    ['not on sale: the price, no sale price', { ...hit, in_sale: false, original_prices: null }, { prices: hit.prices, sale_prices: null, in_sale: false }],
    ['flagged on sale without the price it reduces: shown at its price', { ...hit, original_prices: null }, { prices: hit.prices, sale_prices: null, in_sale: false }],
  ])('%s', (_, input, expected) => {
    expect(toProductCard(input, {})).toMatchObject(expected);
  });

  it.each([
    [{}, true],
    [{ ships_to: undefined }, true],
    [{ ships_to: 'IE' }, true],
    [{ ships_to: 'US' }, false],
  ])('ships free to %j: %s (GB without ships_to)', (options, expected) => {
    expect(toProductCard(hit, options).ships_free).toBe(expected);
  });
});
