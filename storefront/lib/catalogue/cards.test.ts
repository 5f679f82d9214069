import { afterAll, describe, expect, it } from 'vitest';
import { getIndexableArtworks, getRateMatrix } from '@easel/data/queries/search-source';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { openTemporaryDatabase } from '../../../data/test/fixtures';
import { artworkToProductCard, avatarImage } from './cards';

const temp = await openTemporaryDatabase('cards', { seed: 8, artworks: 120 });
const { db } = temp;
afterAll(() => temp.close());

describe('artworkToProductCard', () => {
  // No artist in the sample ships free to France; some do to Britain and the United States.
  it.each([[undefined, 'GB', true], ['US', 'US', true], ['FR', 'FR', false]] as const)(
    'gives a work its page, its price in pounds, a sale as the price it reduces, and free shipping where its artist ships free (ships_to %s)',
    async (shipsTo, country, someShipFree) => {
      const [artworks, rates] = await Promise.all([getIndexableArtworks(db, { afterId: 0, limit: 120 }), getRateMatrix(db)]);
      const cards = artworks.map((artwork) => ({ artwork, card: artworkToProductCard(artwork, rates, { ships_to: shipsTo }) }));
      for (const { artwork, card } of cards) {
        const onSale = artwork.sale_price_minor !== null;
        expect(card).toMatchObject({
          id: artwork.id,
          slug: artwork.slug,
          title: artwork.title,
          url: `/product/${artwork.slug}/`,
          artist_name: artwork.artist.name,
          artist_slug: artwork.artist.slug,
          in_sale: onSale,
          ships_free: artwork.shipping.some((s) => s.destination === country && s.cost_minor === 0),
        });
        expect(card.prices.GBP).toBe(artwork.price_minor);
        expect(card.sale_prices?.GBP ?? null).toBe(artwork.sale_price_minor);
        if (onSale) expect(card.sale_prices!.USD).toBeLessThan(card.prices.USD);
      }
      // The sample holds works on sale and not, so both branches are checked.
      expect(new Set(cards.map(({ card }) => card.in_sale))).toEqual(new Set([true, false]));
      expect(cards.some(({ card }) => card.ships_free)).toBe(someShipFree);
    },
  );
});

describe('avatarImage', () => {
  it('draws a square picture from the seed, the same every time', () => {
    const avatar = avatarImage(7);
    expect(avatar).toEqual(avatarImage(7));
    expect(avatar.src).toBe('/media/art/painting/abstract/detail/7/pink-beige/1000/320.webp');
    expect(avatar).toMatchObject({ width: 320, height: 320 });
    expect(avatar.srcSet.split(', ')).toHaveLength(IMAGE_WIDTHS.length);
  });
});
