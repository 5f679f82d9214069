import { describe, expect, it } from 'vitest';
import { LIST_FACETS, type ProductCard } from '@easel/search-service/contract';
import type { CardDisplay } from '../cards';
import { readSearchAnswer } from './fetch-search';
import { toGalleryPage } from './gallery-page';

const base = '/media/art/painting/sea/main/7/blue-gold/1500';
const prices = (gbp: number) => ({ GBP: gbp, USD: Math.round(gbp * 1.39), EUR: Math.round(gbp * 1.18), CAD: Math.round(gbp * 1.89), AUD: Math.round(gbp * 2.09) });
const british: CardDisplay = { currency: 'GBP', units: 'cm', language: 'en-gb' };
const result = (over: Record<string, unknown> = {}): ProductCard => ({
  id: 1,
  slug: 'quiet-harbour',
  title: 'Quiet Harbour',
  url: '/product/quiet-harbour/',
  artist_name: 'Maya Okafor',
  artist_slug: 'maya-okafor',
  category: 'painting',
  subcategory: 'oil',
  subject: 'seascape',
  style: 'impressionist',
  medium: 'Oil on canvas',
  colours: ['blue', 'gold'],
  prices: prices(125049),
  sale_prices: null,
  in_sale: false,
  main_image: `${base}/640.webp`,
  main_image_set: [320, 480, 640, 800, 1200].map((w) => `${base}/${w}.webp ${w}w`).join(', '),
  width_cm: 60,
  height_cm: 40,
  depth_cm: 2,
  orientation: 'landscape',
  size_bucket: 'medium',
  framed: false,
  ready_to_hang: true,
  has_fine_art_prints: false,
  ships_from: 'GB',
  free_shipping_to: ['GB'],
  ships_free: true,
  favourite_count: 3,
  ...over,
});

/** A search answer holding `results`, its category and subcategory counts as the service sends them. */
const answer = (results: unknown[]) => ({
  results, count: results.length, num_pages: 1, page: 1, did_you_mean: null, banner: null,
  facets: {
    ...Object.fromEntries(LIST_FACETS.map((facet) => [facet, []])),
    price: null,
    product_category: [{ value: 'painting', count: results.length }],
    painting: [{ value: 'oil', count: results.length }],
  },
});

/** The gallery page of a search service's answer, checked as `fetchGallery` checks it. */
const parseGalleryPage = (json: unknown, display: CardDisplay) => toGalleryPage(readSearchAnswer('', json), display);

describe('a gallery page of a search answer', () => {
  it('reshapes results into cards', () => {
    const page = parseGalleryPage(answer([result()]), british);
    expect(page.count).toBe(1);
    expect(page.categories).toEqual([{ value: 'painting', count: 1 }]);
    expect(page.subcategories).toMatchObject({ painting: [{ value: 'oil', count: 1 }], prints: [] });
    expect(page.cards).toEqual([
      {
        id: 1,
        slug: 'quiet-harbour',
        title: 'Quiet Harbour',
        href: '/product/quiet-harbour/',
        artistName: 'Maya Okafor',
        medium: 'Oil painting',
        size: '60 × 40 cm',
        price: '£1,250',
        originalPrice: null,
        // The srcset is the same picture at the card's widths, from its address.
        image: { src: `${base}/640.webp`, srcSet: [320, 480, 640, 800, 1200].map((w) => `${base}/${w}.webp ${w}w`).join(', '), width: 640, height: 427 },
        shipsFree: true,
        // Only ready to hang: the card does not call it framed.
        framed: false,
        hasPrints: false,
      },
    ]);
  });

  it('shows a reduced price with the original alongside', () => {
    const [card] = parseGalleryPage(answer([result({ sale_prices: prices(99900) })]), british).cards;
    expect(card?.price).toBe('£999');
    expect(card?.originalPrice).toBe('£1,250');
  });

  it('shows prices in the shopper\'s currency and sizes in their units', () => {
    const [card] = parseGalleryPage(answer([result()]), { currency: 'USD', units: 'in', language: 'en-us' }).cards;
    expect(card?.price).toBe('$1,738');
    expect(card?.size).toBe('23.6 × 15.7 in');
  });

  it('leaves out a result that breaks the contract, keeping the rest', () => {
    const page = parseGalleryPage(answer([result(), { id: 'x' }]), british);
    expect(page.cards).toHaveLength(1);
  });

  it('rejects a malformed response, saying what is wrong', () => {
    expect(() => parseGalleryPage({ hits: [] }, british)).toThrow(expect.objectContaining({ name: 'SearchError', reason: 'bad_response' }));
  });
});
