import { parseGalleryParams, type GallerySearchDefinition } from '@easel/search-service/contract';

/** A query string's search definition, for tests: 'colours=red&page=2' -> { colours: ['red'], page: 2, … }; throws on a bad one. */
export function definitionOf(qs: string): GallerySearchDefinition {
  const query: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(qs)) (query[k] ??= []).push(v);
  const parsed = parseGalleryParams(query);
  if (!parsed.ok) throw new Error(`${parsed.issue.param} ${parsed.issue.message}`);
  return parsed.definition;
}

/** Gallery query strings with every kind of filter, sort, paging, currency and boost, for tests that go through them all. */
export const GALLERY_QUERIES = [
  '',
  'colours=red&sort=newest',
  'q=sea+view&page=3&sort=price_desc&paginate=30',
  'currency=USD&price_min=100&price_max=2000&in_sale=on',
  'size_=small&size_=large&width_min=20.5&height_max=100',
  'product_category=sculpture&painting=oil&painting=ink&subject=nude&style=folk&colours=red&colours=gold&shape=square',
  'ships_to=US&free_shipping=true&ships_from=FR&framed_or_ready_to_hang=true&has_fine_art_prints=true&verified_advertising_safe=true',
  'product_boost=sea-view&multiple_product_boost=a-b&multiple_product_boost=c',
];
