import { describe, expect, it } from 'vitest';
import { toQueryString } from '@easel/search-service/contract';
import { definitionOf as def } from './definition.fixture';
import { fromUiState, toUiState } from './ui-state';

describe('toUiState', () => {
  it.each([
    ['', { configure: { hitsPerPage: 60, currency: 'GBP' } }],
    ['q=sea&page=2&sort=price_asc', { query: 'sea', page: 2, sortBy: 'artworks:price_asc' }],
    ['colours=red&colours=blue&shape=square', { refinementList: { colours: ['red', 'blue'], shape: ['square'] } }],
    ['currency=EUR&price_min=100', { range: { price: '100:' }, configure: { currency: 'EUR' } }],
    ['price_max=250&width_min=20.5&height_min=10&height_max=50', { range: { price: ':250', width: '20.5:', height: '10:50' } }],
    ['in_sale=on&has_fine_art_prints=true', { toggle: { in_sale: true, has_fine_art_prints: true } }],
    ['ships_to=FR&free_shipping=true', { refinementList: { ships_to: ['FR'] }, toggle: { free_shipping: true } }],
    ['product_category=sculpture&painting=oil', { refinementList: { product_category: ['sculpture'], painting: ['oil'] } }],
    ['product_boost=a&multiple_product_boost=b', { configure: { product_boost: 'a', multiple_product_boost: ['b'] } }],
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
    'product_category=sculpture&product_category=painting&product_category=prints&painting=oil&painting=ink&prints=giclee',
    'subject=nude&style=folk&colours=red&shape=panoramic&ships_to=US&ships_from=FR&free_shipping=true',
    'framed_or_ready_to_hang=true&has_fine_art_prints=true&verified_advertising_safe=true',
    'product_boost=sea-view&multiple_product_boost=a&multiple_product_boost=b',
  ])('%s', (qs) => {
    const d = def(qs);
    expect(toQueryString(fromUiState(toUiState(d)))).toBe(toQueryString(d));
  });
});

describe('fromUiState with a hand-made state', () => {
  it('drops values the contract refuses and keeps the rest', () => {
    const d = fromUiState({ refinementList: { colours: ['red', 'plaid'], style: ['folk'], painting: ['bronze'], product_category: ['drawing'] }, page: -3, range: { price: 'abc:50' } });
    expect(d).toMatchObject({ colours: [], style: ['folk'], product_category: ['drawing'], painting: [], page: 1, price_max: 50 });
    expect(d.price_min).toBeUndefined();
  });

  it('drops an inverted range by its upper bound', () => {
    expect(fromUiState({ range: { width: '90:10' } })).toMatchObject({ width_min: 90 });
    expect(fromUiState({ range: { width: '90:10' } }).width_max).toBeUndefined();
  });
});
