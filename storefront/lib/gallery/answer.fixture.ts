import type { SearchResponse } from '@easel/search-service/contract';
import { FILTERS } from '@easel/search-service/filters';

/** A contract answer with counts in every section (one of them zero) and the price's bounds. */
export const CONTRACT_ANSWER = {
  results: [],
  count: 61,
  num_pages: 2,
  page: 1,
  facets: {
    ...Object.fromEntries(FILTERS.filter((row) => row.kind !== 'range').map((row) => [row.name, [{ value: 'a', count: 30 }, { value: 'b', count: 0 }]])),
    price: { currency: 'GBP', min: 10, max: 900 },
  },
  did_you_mean: null,
  banner: null,
} as unknown as SearchResponse;
