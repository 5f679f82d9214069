import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import type { SearchClient } from 'instantsearch.js';

/**
 * The InstantSearch client: instant-meilisearch speaking to the search service's restricted
 * multi-search endpoint (never to Meilisearch itself, and with no key).
 */

export const MULTI_SEARCH_BASE = '/api/v2/product/s/meili';

/** Thrown for an answer other than 200, carrying the contract's error message when there is one. */
export class SearchRequestError extends Error {
  override name = 'SearchRequestError';
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * `origin` + the endpoint, each request bounded by `timeoutMs`. The storefront keeps trailing
 * slashes on every path, so the client adds one rather than taking a redirect per search.
 *
 * Before its first search, instant-meilisearch asks for the index's unfiltered facet
 * distribution, a whole extra round trip, only to list zero-count values (`keepZeroFacets`).
 * The gallery never lists those, so the client answers that first request itself, empty.
 */
export function createSearchClient(origin: string, timeoutMs: number): SearchClient {
  let askedForInitialFacets = false;
  const { searchClient } = instantMeiliSearch(`${origin}${MULTI_SEARCH_BASE}`, '', {
    finitePagination: true,
    keepZeroFacets: false,
    // Cards show plain text; highlighting would only cost the engine time.
    meiliSearchParams: { attributesToHighlight: [] },
    httpClient: async (input: string, init?: RequestInit) => {
      if (!askedForInitialFacets) {
        askedForInitialFacets = true;
        return emptyResults(init?.body);
      }
      const url = new URL(input);
      if (!url.pathname.endsWith('/')) url.pathname += '/';
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const message = (body as { error?: { message?: string } } | undefined)?.error?.message ?? `Search answered ${response.status}`;
        throw new SearchRequestError(response.status, message);
      }
      return body;
    },
  });
  return searchClient as unknown as SearchClient;
}

/** A multi-search answer with no hits for each query of a request body. */
function emptyResults(body: RequestInit['body'] | undefined): { results: object[] } {
  const { queries } = JSON.parse(String(body)) as { queries: { indexUid: string }[] };
  return { results: queries.map(({ indexUid }) => ({ indexUid, hits: [], query: '', processingTimeMs: 0, facetDistribution: {}, totalHits: 0, totalPages: 0, page: 1, hitsPerPage: 0 })) };
}
