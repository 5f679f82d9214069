import { QueryClient } from '@tanstack/react-query';
import instantsearch from 'instantsearch.js/es';
import type { SearchClient } from 'instantsearch.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEFINITION, toQueryString, type GallerySearchDefinition, type SearchResponse } from '@easel/search-service/contract';
import { GALLERY_QUERIES, definitionOf as def } from './definition.fixture';
import { galleryWidgets, initialResultsOf } from './initial-results';
import { CONTRACT_ANSWER } from './answer.fixture';
import { contractParams, createSearchClient, didYouMean, requestDefinition, toInstantSearchResult } from './search-client';
import { INDEX_NAME, searchedDefinition, toUiState } from './ui-state';

describe('contractParams', () => {
  it.each([
    [{}, 'artworks', { sort: ['best_match'] }],
    [{ query: 'sea', page: 2, hitsPerPage: 30, maxValuesPerFacet: 100 }, 'artworks:newest', { q: ['sea'], sort: ['newest'], page: ['3'], paginate: ['30'], limit: ['100'] }],
    [{ maxValuesPerFacet: 1000 }, 'artworks', { sort: ['best_match'], limit: ['100'] }],
    [{ facetFilters: [['colours:red', 'colours:blue'], ['in_sale:on'], 'painting:mixed-media'] }, 'artworks', { sort: ['best_match'], colours: ['red', 'blue'], in_sale: ['on'], painting: ['mixed-media'] }],
    [{ numericFilters: ['price>=100', 'price<=250', 'width>=40.5'] }, 'artworks', { sort: ['best_match'], price_min: ['100'], price_max: ['250'], width_min: ['40.5'] }],
    [{ currency: 'EUR', product_boost: 'a', multiple_product_boost: ['b', 'c'] }, 'artworks', { sort: ['best_match'], currency: ['EUR'], product_boost: ['a'], multiple_product_boost: ['b', 'c'] }],
  ])('%j on %s', (params, index, expected) => {
    expect(contractParams(index, params)).toEqual(expected);
  });
});

/** The requests InstantSearch itself sends for a UI state, with the gallery's widgets mounted (as the server renders them). */
async function requestsFor(d: GallerySearchDefinition): Promise<Parameters<SearchClient['search']>[0]> {
  let seen: Parameters<SearchClient['search']>[0] = [];
  const searchClient = {
    search: async (requests: typeof seen) => {
      seen = requests;
      return { results: requests.map((r) => ({ index: r.indexName, hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, processingTimeMS: 0, exhaustiveNbHits: true, query: '', params: '' })) };
    },
  } as unknown as SearchClient;
  const search = instantsearch({ indexName: INDEX_NAME, searchClient, initialUiState: { [INDEX_NAME]: toUiState(d) } });
  search.addWidgets(galleryWidgets());
  const searched = new Promise<void>((resolve) => search.on('render', () => resolve()));
  search.start();
  await searched;
  search.dispose();
  return seen;
}

describe("InstantSearch's own requests read back into the definition", () => {
  it.each(GALLERY_QUERIES)('%s', async (qs) => {
    const d = def(qs);
    const requests = await requestsFor(d);
    // The search itself, then one facet request per refined list or range: all the same search.
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(new Set(requests.map((r) => r.indexName)).size).toBe(1);
    // Every value of every list is asked for: "Show all" can reach each one.
    expect(toQueryString(requestDefinition(requests[0]!))).toBe(toQueryString({ ...d, limit: 100 }));
    expect(toQueryString(searchedDefinition(d))).toBe(toQueryString(requestDefinition(requests[0]!)));
  });
});

describe('toInstantSearchResult', () => {
  it('gives the cards as hits with the fields a card shows, pages from 0, and each row its counts by value, zero counts left out', () => {
    const d = def('currency=EUR&colours=red');
    const response = {
      results: [{ id: 7, slug: 'sea', colours: ['blue'], favourite_count: 3 }],
      count: 61,
      num_pages: 2,
      page: 1,
      facets: {
        price: { currency: 'EUR', min: 10, max: 900 },
        ...Object.fromEntries(Object.keys(DEFAULT_DEFINITION).map((k) => [k, []])),
        product_category: [], painting: [], sculpture: [], photography: [], drawing: [], prints: [], ships_to: [], ships_from: [],
        colours: [{ value: 'red', count: 3 }, { value: 'blue', count: 0 }],
        in_sale: [{ value: 'on', count: 5 }],
      },
      did_you_mean: null,
    } as unknown as SearchResponse;
    const result = toInstantSearchResult('artworks', d, response);
    expect(result).toMatchObject({ nbHits: 61, nbPages: 2, page: 0, hitsPerPage: 60, hits: [{ objectID: '7', slug: 'sea' }] });
    expect(result.hits[0]).not.toHaveProperty('colours');
    expect(result.hits[0]).not.toHaveProperty('favourite_count');
    expect(result.facets.colours).toEqual({ red: 3 });
    expect(result.facets.in_sale).toEqual({ on: 5 });
    expect(result.facets_stats).toEqual({ price: { min: 10, max: 900, avg: 0, sum: 0 } });
    expect(didYouMean(result)).toBeNull();
    expect(didYouMean(toInstantSearchResult('artworks', d, { ...response, did_you_mean: 'seascape' }))).toBe('seascape');
  });
});

describe('the search settings the UI state carries (currency, page size, boosted works)', () => {
  it('search as a state set after the start says, as when the settings change the currency or Back reaches another', async () => {
    const asked: GallerySearchDefinition[] = [];
    const searchClient = {
      search: async (requests: Parameters<SearchClient['search']>[0]) => {
        asked.push(requestDefinition(requests[0]!));
        return { results: requests.map((r) => ({ index: r.indexName, hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, processingTimeMS: 0, exhaustiveNbHits: true, query: '', params: '' })) };
      },
    } as unknown as SearchClient;
    const search = instantsearch({ indexName: INDEX_NAME, searchClient, initialUiState: { [INDEX_NAME]: toUiState(def('colours=blue&product_boost=sea')) } });
    search.addWidgets(galleryWidgets());
    const rendered = () => new Promise<void>((resolve) => search.once('render', () => resolve()));
    let next = rendered();
    search.start();
    await next;
    next = rendered();
    search.setUiState({ [INDEX_NAME]: toUiState(def('currency=USD&colours=blue&price_max=1390&paginate=120')) });
    await next;
    search.dispose();
    expect(toQueryString(asked[0]!)).toBe(toQueryString(def('colours=blue&product_boost=sea&limit=100')));
    expect(toQueryString(asked.at(-1)!)).toBe(toQueryString(def('currency=USD&colours=blue&price_max=1390&paginate=120&limit=100')));
  });
});

describe('createSearchClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shares a search on its way; shows an answered one at once and asks again behind it, telling its listeners only when the answer changed', async () => {
    let count = 3;
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      asked++;
      return new Response(JSON.stringify({ ...CONTRACT_ANSWER, count, search_id: asked.toString(16).padStart(32, '0') }), { headers: { 'content-type': 'application/json' } });
    });
    const client = createSearchClient(new QueryClient(), 'http://search.test', 1000);
    let changes = 0;
    const stop = client.onChanged(() => changes++);
    const request = { indexName: INDEX_NAME, params: { hitsPerPage: 60 } };
    const countShown = async () => ((await client.search([request])) as unknown as { results: { nbHits: number }[] }).results[0]!.nbHits;
    /** Lets the answer asked behind the shown one arrive and be compared. */
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

    // Two at once: one request.
    expect(await Promise.all([countShown(), countShown()])).toEqual([3, 3]);
    expect(asked).toBe(1);

    // Shown again, unchanged: the kept answer at once, asked again behind it, and no one told.
    expect(await countShown()).toBe(3);
    await settled();
    expect([asked, changes]).toEqual([2, 0]);

    // Changed since: the kept answer once more, the listeners told, and the search they make shows the new one.
    count = 4;
    expect(await countShown()).toBe(3);
    await settled();
    expect([asked, changes]).toEqual([3, 1]);
    expect(await countShown()).toBe(4);

    stop();
    count = 5;
    await countShown();
    await settled();
    expect(changes).toBe(1);
  });

  it("keeps the results the page was rendered with as their search's answer: shown at once when InstantSearch asks it again, and asked behind", async () => {
    const d = def('colours=red&price_max=900');
    const answered: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      answered.push(new URL(url).search.slice(1));
      return new Response(JSON.stringify({ ...CONTRACT_ANSWER, count: CONTRACT_ANSWER.count + 1 }), { headers: { 'content-type': 'application/json' } });
    });
    const rendered = initialResultsOf(d, CONTRACT_ANSWER);
    const queries = new QueryClient();
    const client = createSearchClient(queries, 'http://search.test', 1000, { definition: d, initialResults: rendered });
    let changes = 0;
    client.onChanged(() => changes++);
    const answer = (await client.search(await requestsFor(d))) as unknown as { results: unknown[] };
    expect(answer.results[0]).toEqual(rendered[INDEX_NAME]!.results![0]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Asked behind the shown results; the answer has changed since the render, so the gallery searches again.
    expect([answered, changes]).toEqual([[toQueryString(searchedDefinition(d))], 1]);

    // A page that already keeps an answer for that search (a newer one) keeps it.
    const again = createSearchClient(queries, 'http://search.test', 1000, { definition: d, initialResults: rendered });
    const kept = (await again.search(await requestsFor(d))) as unknown as { results: { nbHits: number }[] };
    expect(kept.results[0]!.nbHits).toBe(CONTRACT_ANSWER.count + 1);
  });

  it('asks a failed search again the next time, and keeps no failure', async () => {
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      asked++;
      return asked === 1
        ? new Response(JSON.stringify({ error: { code: 'unavailable', message: 'The search is not available.' } }), { status: 503, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify(CONTRACT_ANSWER), { headers: { 'content-type': 'application/json' } });
    });
    const client = createSearchClient(new QueryClient(), 'http://search.test', 1000);
    const request = { indexName: INDEX_NAME, params: { hitsPerPage: 60 } };
    await expect(client.search([request])).rejects.toMatchObject({ reason: 'unavailable' });
    const answer = (await client.search([request])) as unknown as { results: { nbHits: number }[] };
    expect([asked, answer.results[0]!.nbHits]).toEqual([2, CONTRACT_ANSWER.count]);
  });
});
