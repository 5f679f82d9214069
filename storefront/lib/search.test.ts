import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@easel/search-service/contract';
import { formatPrice, parseGalleryPage } from './search';

const base = '/media/art/painting/main/7/blue-gold/1500';
const prices = (gbp: number) => ({ GBP: gbp, USD: gbp, EUR: gbp, CAD: gbp, AUD: gbp });
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
  main_image_set: `${base}/320.webp 320w, ${base}/640.webp 640w`,
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

describe('formatPrice', () => {
  it('shows whole units, rounded, with the symbol', () => {
    expect(formatPrice(125049)).toBe('£1,250');
    expect(formatPrice(125050)).toBe('£1,251');
    expect(formatPrice(9900)).toBe('£99');
    expect(formatPrice(0)).toBe('£0');
  });
});

describe('parseGalleryPage', () => {
  it('reshapes results into cards', () => {
    const page = parseGalleryPage({ results: [result()], count: 1, num_pages: 1, page: 1 });
    expect(page.count).toBe(1);
    expect(page.cards).toEqual([
      {
        id: 1,
        title: 'Quiet Harbour',
        href: '/product/quiet-harbour/',
        artistName: 'Maya Okafor',
        medium: 'Oil painting',
        size: '60 × 40 cm',
        price: '£1,250',
        originalPrice: null,
        image: { src: `${base}/640.webp`, srcSet: `${base}/320.webp 320w, ${base}/640.webp 640w`, width: 640, height: 427 },
      },
    ]);
  });

  it('shows a reduced price with the original alongside', () => {
    const [card] = parseGalleryPage({ results: [result({ sale_prices: prices(99900) })], count: 1, num_pages: 1, page: 1 }).cards;
    expect(card?.price).toBe('£999');
    expect(card?.originalPrice).toBe('£1,250');
  });

  it('leaves out a result that breaks the contract, keeping the rest', () => {
    const page = parseGalleryPage({ results: [result(), { id: 'x' }], count: 2, num_pages: 1, page: 1 });
    expect(page.cards).toHaveLength(1);
  });

  it('rejects a malformed response', () => {
    expect(() => parseGalleryPage({ hits: [] })).toThrow();
  });
});
