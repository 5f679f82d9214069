import { describe, expect, it } from 'vitest';
import { parseGalleryParams, type GallerySearchDefinition } from './contract';
import { buildSearchPlan } from './meili-request';
import { facetList, toProductCard, toSearchResponse } from './meili-response';

const def = (params: Record<string, string[]> = {}): GallerySearchDefinition => {
  const r = parseGalleryParams(params);
  if (!r.ok) throw new Error(r.issue.message);
  return r.definition;
};

const hit = {
  id: 7, slug: 'sea', title: 'Sea', artist_name: 'Ann', artist_slug: 'ann', category: 'painting', subcategory: 'oil',
  subject: 'seascape', style: 'realist', medium: 'Oil', colours: ['blue'],
  prices: { GBP: 800, USD: 1112, EUR: 944, CAD: 1512, AUD: 1672 },
  original_prices: { GBP: 1000, USD: 1390, EUR: 1180, CAD: 1890, AUD: 2090 },
  in_sale: true, framed: false, ready_to_hang: true, has_fine_art_prints: false, width_cm: 30, height_cm: 40, depth_cm: 2,
  orientation: 'portrait', size_bucket: 'small', ships_from: 'GB', free_shipping_to: ['GB'], main_image: '/m.webp',
  main_image_set: '/m.webp 640w', favourite_count: 3,
};

describe('facetList', () => {
  it.each([
    [{ red: 3, blue: 5 }, ['red', 'blue', 'green'], [], 12, [{ value: 'blue', count: 5 }, { value: 'red', count: 3 }, { value: 'green', count: 0 }]],
    [{ red: 3, blue: 5 }, ['red', 'blue', 'green'], [], 1, [{ value: 'blue', count: 5 }]],
    [{ red: 3, blue: 5 }, ['red', 'blue', 'green'], ['green'], 1, [{ value: 'blue', count: 5 }, { value: 'green', count: 0 }]],
    [{}, ['a', 'b'], [], 12, [{ value: 'a', count: 0 }, { value: 'b', count: 0 }]],
  ])('%j of %j, chosen %j, limit %i', (dist, values, selected, limit, expected) => {
    expect(facetList(dist, values, selected, limit)).toEqual(expected);
  });
});

describe('toProductCard', () => {
  it('gives list and sale prices, the product url and free shipping to the destination', () => {
    expect(toProductCard(hit, {})).toMatchObject({
      url: '/product/sea/', prices: hit.original_prices, sale_prices: hit.prices, in_sale: true, ships_free: true,
    });
    expect(toProductCard(hit, { ships_to: 'US' }).ships_free).toBe(false);
    expect(toProductCard({ ...hit, in_sale: false, original_prices: null }, {})).toMatchObject({ prices: hit.prices, sale_prices: null });
  });
});

describe('toSearchResponse', () => {
  it('takes an active section facets from its own query and the rest from the main one', () => {
    const d = def({ colours: ['red'], currency: ['USD'], paginate: ['1'] });
    const plan = buildSearchPlan(d, 'idx');
    const response = toSearchResponse(d, plan, [
      { hits: [hit], totalHits: 3, facetDistribution: { subject: { seascape: 3 } }, facetStats: { price_usd: { min: 1099, max: 5000 } } },
      { hits: [], totalHits: 9, facetDistribution: { colours: { red: 3, blue: 6 } } },
    ]);
    expect(response).toMatchObject({ count: 3, num_pages: 3, page: 1 });
    expect(response.facets.price).toEqual({ currency: 'USD', min: 10, max: 50 });
    expect(response.facets.colours.slice(0, 2)).toEqual([{ value: 'blue', count: 6 }, { value: 'red', count: 3 }]);
    expect(response.facets.subject[0]).toEqual({ value: 'seascape', count: 3 });
    expect(response.facets.in_sale).toEqual([{ value: 'on', count: 0 }]);
  });
});
