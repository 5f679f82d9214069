import { describe, expect, it } from 'vitest';
import type { IndexableArtwork } from '@easel/data/queries/search-source';
import { buildRateMatrix } from '@easel/shared/currency';
import { COUNTED_ATTRIBUTES } from '@easel/shared/search-attributes';
import { FACET_TAGS, isSearchable, toSearchDocument } from './documents';

const artwork = (overrides: Partial<IndexableArtwork> = {}): IndexableArtwork => ({
  id: 7, slug: 'harbour-at-dusk-ada-lee', artist_id: 3, shipping_profile_id: 3, title: 'Harbour at Dusk',
  description: 'A seascape.', category: 'painting', subcategory: 'oil', subject: 'seascape', style: 'impressionist',
  medium: 'Oil on canvas', width_cm: 60, height_cm: 40, depth_cm: 2, orientation: 'landscape', size_bucket: 'medium',
  price_minor: 50_000, sale_price_minor: null, framed: false, ready_to_hang: true, verified_advertising_safe: true,
  auto_tags: ['seascape'], status: 'available', stock: 1, reserved_until: null, reserved_by: null, reserved_from: null, favourite_count: 4, popularity: 90,
  created_at: '2026-01-02T03:04:05.000Z', updated_at: '2026-01-02T03:04:05.000Z', published_at: '2026-01-02T03:04:05.000Z', sold_elsewhere: 0,
  artist: { id: 3, slug: 'ada-lee', name: 'Ada Lee', country: 'GB', city: 'St Ives' },
  ships_from: 'GB',
  dispatch_days: 2,
  shipping: [{ destination: 'GB', cost_minor: 0 }, { destination: 'FR', cost_minor: 3500 }, { destination: 'IE', cost_minor: 0 }],
  colours: ['blue', 'gold'],
  images: [{ kind: 'main', seed: 11, aspect_milli: 1500 }, { kind: 'room', seed: 12, aspect_milli: 1500 }],
  photos: [],
  prints: [],
  ...overrides,
});

describe('toSearchDocument', () => {
  const rates = buildRateMatrix();

  it('carries the price in all five currencies, in minor units', () => {
    const doc = toSearchDocument(artwork(), rates);
    expect(doc.prices).toEqual({ GBP: 50_000, USD: 69_500, EUR: 59_000, CAD: 94_500, AUD: 104_500 });
    expect([doc.price_gbp, doc.price_usd, doc.price_eur]).toEqual([50_000, 69_500, 59_000]);
    // Each currency's price bar: £500 opens the £500 bar; $695 is under $700, the bar above.
    expect([doc.price_band_gbp, doc.price_band_usd]).toEqual([7, 6]);
    expect(doc.in_sale).toBe(false);
    expect(doc.original_prices).toBeNull();
  });

  it('shows an uploaded photo instead of the drawn picture, and dates a listed work from its publishing', () => {
    const drawn = toSearchDocument(artwork(), rates);
    expect(drawn.main_image).toMatch(/^\/media\/art\/painting\/sea\/main\/11\//);
    const key = '0123456789abcdef0123456789abcdef';
    const listed = toSearchDocument(artwork({ photos: [{ photo_key: key, width: 3000, height: 4000 }, { photo_key: 'fedcba9876543210fedcba9876543210', width: 2000, height: 1500 }], published_at: '2026-03-01T00:00:00.000Z' }), rates);
    expect(listed.main_image).toBe(`/media/photos/${key}/640.webp`);
    expect(listed.created_ts).toBe(Date.parse('2026-03-01T00:00:00.000Z') / 1000);
    expect(listed.card_version).not.toBe(drawn.card_version);
  });

  it('prices a work on sale at its sale price and keeps the original', () => {
    const doc = toSearchDocument(artwork({ sale_price_minor: 40_000 }), rates);
    expect(doc.in_sale).toBe(true);
    expect(doc.price_gbp).toBe(40_000);
    expect(doc.original_prices?.GBP).toBe(50_000);
  });

  it('lists every destination and the free ones apart', () => {
    const doc = toSearchDocument(artwork(), rates);
    expect(doc.ships_to).toEqual(['GB', 'FR', 'IE']);
    expect(doc.free_shipping_to).toEqual(['GB', 'IE']);
  });

  it('derives the filter flags and the category path: the category, then the pair', () => {
    const doc = toSearchDocument(artwork({ framed: false, ready_to_hang: false, prints: [{ size_label: 'A3', price_minor: 8500, remaining: 3 }] }), rates);
    expect(doc.framed_or_ready_to_hang).toBe(false);
    expect(doc.has_fine_art_prints).toBe(true);
    expect(doc.category_path).toEqual(['painting', 'painting:oil']);
    expect(doc.created_ts).toBe(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000);
  });

  it('gathers every counted value behind its attribute\'s one-character tag, a flag only when it is true', () => {
    const doc = toSearchDocument(artwork({ sale_price_minor: 40_000 }), rates);
    expect(doc.facet_values).toEqual([
      '0painting', '0painting:oil', '1seascape', '2impressionist', '3blue', '3gold', '4landscape', '5medium',
      '6GB', '6FR', '6IE', '7GB', '8GB', '8IE', '9true', 'atrue', 'ctrue',
    ]);
    expect(new Set(Object.values(FACET_TAGS)).size).toBe(COUNTED_ATTRIBUTES.length);
  });

  it('keeps every tag an index may already hold: COUNTED_ATTRIBUTES only grows at its end', () => {
    // The tags as shipped. An index built by an earlier version is searched by this one while its
    // rebuild runs, and a cluster's replicas run both for a while: a tag that moved would count
    // one attribute's values as another's. Append a new attribute, and its tag, to both lists.
    const SHIPPED_TAGS: Record<string, string> = {
      category_path: '0', subject: '1', style: '2', colours: '3', orientation: '4', size_bucket: '5', ships_to: '6',
      ships_from: '7', free_shipping_to: '8', in_sale: '9', framed_or_ready_to_hang: 'a', has_fine_art_prints: 'b',
      verified_advertising_safe: 'c',
    };
    expect(Object.fromEntries(Object.entries(FACET_TAGS).filter(([attribute]) => attribute in SHIPPED_TAGS))).toEqual(SHIPPED_TAGS);
    expect(COUNTED_ATTRIBUTES.slice(0, Object.keys(SHIPPED_TAGS).length)).toEqual(Object.keys(SHIPPED_TAGS));
  });

  it('points the card picture at the main image', () => {
    const doc = toSearchDocument(artwork(), rates);
    expect(doc.main_image).toBe('/media/art/painting/sea/main/11/blue-gold/1500/640.webp');
  });
});

describe('isSearchable', () => {
  it.each([
    ['available', true],
    ['reserved', false],
    ['sold', false],
    ['hidden', false],
  ] as const)('%s -> %s', (status, expected) => {
    expect(isSearchable({ status })).toBe(expected);
  });
});
