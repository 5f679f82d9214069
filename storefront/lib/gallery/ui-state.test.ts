import { describe, expect, it } from 'vitest';
import { parseGalleryParams, toQueryString, type GallerySearchDefinition } from '@easel/search-service/contract';
import { fromUiState, toUiState } from './ui-state';

const def = (qs: string): GallerySearchDefinition => {
  const query: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) (query[k] ??= []).push(v);
  const parsed = parseGalleryParams(query);
  if (!parsed.ok) throw new Error(`${parsed.issue.param} ${parsed.issue.message}`);
  return parsed.definition;
};

describe('toUiState', () => {
  it.each([
    ['', { configure: { hitsPerPage: 60 } }],
    ['q=sea&page=2&sort=price_asc', { query: 'sea', page: 2, sortBy: 'artworks:price_gbp:asc' }],
    ['colours=red&colours=blue&shape=square', { refinementList: { colours: ['red', 'blue'], orientation: ['square'] } }],
    ['currency=EUR&price_min=100', { range: { price_eur: '10000:' } }],
    ['price_max=250&width_min=20.5&height_min=10&height_max=50', { range: { price_gbp: ':25000', width_cm: '20.5:', height_cm: '10:50' } }],
    ['in_sale=on&has_fine_art_prints=true', { toggle: { in_sale: true, has_fine_art_prints: true } }],
    ['ships_to=FR&free_shipping=true', { refinementList: { ships_to: ['FR'], free_shipping_to: ['FR'] } }],
    ['free_shipping=true', { refinementList: { free_shipping_to: ['GB'] } }],
    // A category with subcategories means just those; one without means all of it.
    ['product_category=sculpture&painting=oil', { refinementList: { category_path: ['painting:oil', 'sculpture'] } }],
    ['product_category=painting&painting=oil', { refinementList: { category_path: ['painting:oil'] } }],
  ])('%s', (qs, expected) => {
    expect(toUiState(def(qs))).toMatchObject(expected);
  });
});

describe('fromUiState inverts toUiState', () => {
  it.each([
    '',
    'q=sea+view&page=4&sort=newest&paginate=120',
    'currency=USD&price_min=100&price_max=2000&in_sale=on',
    'size_=small&size_=large&width_min=20.5&width_max=80&height_max=100',
    'product_category=sculpture&painting=oil&painting=ink&prints=giclee',
    'subject=nude&style=folk&colours=red&shape=panoramic&ships_to=US&ships_from=FR&free_shipping=true',
    'framed_or_ready_to_hang=true&has_fine_art_prints=true&verified_advertising_safe=true',
  ])('%s', (qs) => {
    const d = def(qs);
    expect(toQueryString(fromUiState(toUiState(d), { currency: d.currency, limit: d.limit }))).toBe(toQueryString(d));
  });
});

describe('fromUiState with a hand-made state', () => {
  it('drops values the contract refuses and keeps the rest', () => {
    const d = fromUiState(
      { refinementList: { colours: ['red', 'plaid'], style: ['folk'], category_path: ['painting:bronze', 'nonsense', 'drawing'] }, page: -3, range: { price_gbp: 'abc:5000' } },
      { currency: 'GBP', limit: 12 },
    );
    expect(d).toMatchObject({ colours: [], style: ['folk'], product_category: ['drawing'], page: 1, price: { price_max: 50 } });
    expect(d.category_type.painting).toEqual([]);
  });

  it('drops an inverted range', () => {
    expect(fromUiState({ range: { width_cm: '90:10' } }, { currency: 'GBP', limit: 12 }).size).toEqual({ size_: [], width_min: 90 });
  });

  it('rounds a price range in minor units outwards to whole units', () => {
    expect(fromUiState({ range: { price_gbp: '10050:19950' } }, { currency: 'GBP', limit: 12 }).price).toEqual({ price_min: 100, price_max: 200 });
  });
});
