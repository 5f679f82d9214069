import type { QueryClient } from '@tanstack/react-query';
import type { InitialResults, SearchClient } from 'instantsearch.js';
import { FILTERS } from '@easel/search-service/filters';
import {
  MAX_FACET_LIMIT, parseGalleryParams, toQueryString, type GallerySearchDefinition, type SearchResponse,
} from '@easel/search-service/contract';
import { shownCard } from '../cards';
import { fetchSearch, SearchError } from '../search/fetch-search';
import { INDEX_NAME, searchedDefinition, sortOfIndex } from './ui-state';

/**
 * The gallery's InstantSearch client: InstantSearch's `search(requests)` answered through the
 * search contract (`GET /api/v2/product/s/`, asked with `fetchSearch`, `lib/search/`), so the gallery gets what every search gets (the
 * service's translation to Meilisearch, its hot cache, budgets, errors and rate limits) and the
 * storefront never speaks the engine's language. The widgets' attributes are the contract's
 * parameter names (see `ui-state.ts`), so a request reads straight into a definition, and the
 * contract's facets, which are already disjunctive per section, answer every facet request of
 * the same search: one HTTP request per search.
 */

type Request = Parameters<SearchClient['search']>[0][number];
type Params = Record<string, unknown>;

const RANGE_BOUND = /^([a-z_]+)(>=|<=)(\d+(?:\.\d+)?)$/;

/**
 * InstantSearch's search parameters -> the contract's parameters:
 * { query: 'sea', page: 1, facetFilters: [['colours:red', 'colours:blue'], ['in_sale:on']], numericFilters: ['price>=100'] }
 * -> { q: ['sea'], page: ['2'], colours: ['red', 'blue'], in_sale: ['on'], price_min: ['100'], … }.
 */
export function contractParams(indexName: string, params: Params): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (name: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') (out[name] ??= []).push(String(value));
  };
  add('q', params.query);
  add('sort', sortOfIndex(indexName));
  add('page', typeof params.page === 'number' ? params.page + 1 : undefined);
  add('paginate', params.hitsPerPage);
  add('limit', typeof params.maxValuesPerFacet === 'number' ? Math.min(params.maxValuesPerFacet, MAX_FACET_LIMIT) : undefined);
  add('currency', params.currency);
  add('country', params.country);
  add('product_boost', params.product_boost);
  for (const slug of [params.multiple_product_boost ?? []].flat()) add('multiple_product_boost', slug);
  for (const filter of [params.facetFilters ?? []].flat(2)) {
    const text = String(filter);
    const at = text.indexOf(':');
    add(text.slice(0, at), text.slice(at + 1));
  }
  for (const filter of [params.numericFilters ?? []].flat(2)) {
    const match = RANGE_BOUND.exec(String(filter));
    if (match) add(`${match[1]}_${match[2] === '>=' ? 'min' : 'max'}`, match[3]);
  }
  return out;
}

/** An InstantSearch request -> its definition; a widget state the contract refuses is a bug, so it throws. */
export function requestDefinition(request: Request): GallerySearchDefinition {
  const parsed = parseGalleryParams(contractParams(request.indexName, (request.params ?? {}) as Params));
  if (!parsed.ok) throw new SearchError('refused', `${parsed.issue.param} ${parsed.issue.message}`, 400, 'invalid_parameter', parsed.issue.param);
  return parsed.definition;
}

/**
 * The contract's answer -> InstantSearch's result for an index: the cards as hits (only the
 * fields a card shows, which the server-rendered page carries to the browser), the counts, and
 * each row's facet values keyed by its parameter name (zero counts left out, as the engine
 * leaves them out):
 * { results: [card], count: 61, num_pages: 2, page: 1, facets: { colours: [{ value: 'red', count: 3 }], price: { min: 10, max: 900 } }, did_you_mean: null }
 * -> { hits: [{ objectID: '7', … }], nbHits: 61, nbPages: 2, page: 0, facets: { colours: { red: 3 } }, facets_stats: { price: { min: 10, max: 900 } }, did_you_mean: null, banner: null }.
 */
export function toInstantSearchResult(indexName: string, def: GallerySearchDefinition, response: SearchResponse) {
  const facets: Record<string, Record<string, number>> = {};
  for (const row of FILTERS) {
    if (row.kind === 'range') continue;
    facets[row.name] = Object.fromEntries(response.facets[row.name].filter((v) => v.count > 0).map((v) => [v.value, v.count]));
  }
  const price = response.facets.price;
  return {
    index: indexName,
    hits: response.results.map((card) => ({ ...shownCard(card), objectID: String(card.id) })),
    nbHits: response.count,
    nbPages: response.num_pages,
    page: response.page - 1,
    hitsPerPage: def.paginate,
    processingTimeMS: 0,
    exhaustiveNbHits: true,
    query: def.q ?? '',
    params: '',
    facets,
    facets_stats: price ? { price: { min: price.min, max: price.max, avg: 0, sum: 0 } } : {},
    // InstantSearch keeps every field of the main result on its results: read with didYouMean and searchBanner.
    did_you_mean: response.did_you_mean,
    banner: response.banner,
    // The search's id, under InstantSearch's name for it: the cards carry it to the tracker.
    ...(response.search_id === undefined ? {} : { queryID: response.search_id }),
  };
}

/** A search rule's banner for this search, from InstantSearch's results; null without one. */
export function searchBanner(results: unknown): SearchResponse['banner'] {
  const value = (results as { banner?: unknown } | null | undefined)?.banner;
  return value && typeof value === 'object' && 'title' in value && 'url' in value && typeof value.title === 'string' && typeof value.url === 'string'
    ? { title: value.title, url: value.url }
    : null;
}

/** The search words as the engine matched them, from InstantSearch's results; null when they matched as typed. */
export function didYouMean(results: unknown): string | null {
  const value = (results as { did_you_mean?: unknown } | null | undefined)?.did_you_mean;
  return typeof value === 'string' ? value : null;
}

/**
 * The search InstantSearch's results answer and the position (from 1) of their first hit, for
 * the cards to carry to the tracker; null for results without a search id:
 * { queryID: 'ab…', page: 2, hitsPerPage: 24 } -> { id: 'ab…', firstPosition: 49 }.
 */
export function searchOfResults(results: unknown): { id: string; firstPosition: number } | null {
  const found = results as { queryID?: unknown; page?: unknown; hitsPerPage?: unknown } | null | undefined;
  if (typeof found?.queryID !== 'string') return null;
  const page = typeof found.page === 'number' ? found.page : 0;
  const perPage = typeof found.hitsPerPage === 'number' ? found.hitsPerPage : 0;
  return { id: found.queryID, firstPosition: page * perPage + 1 };
}

/** InstantSearch's result for an index, as the gallery's search client answers it. */
type GalleryResult = ReturnType<typeof toInstantSearchResult>;

/** Two answers to one search show the same, whatever search id each was recorded under. */
const sameAnswer = (a: GalleryResult, b: GalleryResult) => JSON.stringify({ ...a, queryID: null }) === JSON.stringify({ ...b, queryID: null });

/** The gallery's search client, which also says when a kept answer it showed has changed since. */
export interface GallerySearchClient extends SearchClient {
  /** Calls `listener` whenever an answer shown from the client's copy is found to have changed; gives the unsubscribe. */
  onChanged(listener: () => void): () => void;
}

/** How long the page keeps a search's answer after it was last asked. */
const KEPT_MS = 60_000;

const queryKeyOf = (def: GallerySearchDefinition) => ['gallery-search', toQueryString(def)];

/**
 * A search client on `origin`'s contract endpoint, each request bounded by `timeoutMs`, keeping
 * its answers in the page's one cache of the API's answers (`queries`, the QueryProvider's). The
 * first request of each index is the search; the rest are InstantSearch's per-section facet
 * requests, which the same answer already holds. A search asked while the same one is on its
 * way shares its answer. Answers are kept for a minute, so Back and Forward through the
 * gallery's history show their results at once; a kept answer shown again is asked again behind
 * it, and when the new answer differs (an edit, a sale since) the `onChanged` listeners hear it
 * and search again, which shows the new one. A failed search is asked again next time.
 * The results the server rendered the page with (`rendered`: its definition and the initial
 * results `initialResultsOf` made) are kept as that search's answer, unless the page already
 * keeps one: Back to the page's first view shows them at once, as it shows any search since.
 */
export function createSearchClient(
  queries: QueryClient, origin: string, timeoutMs: number, rendered?: { definition: GallerySearchDefinition; initialResults: InitialResults },
): GallerySearchClient {
  const listeners = new Set<() => void>();
  const renderedResult = rendered?.initialResults[INDEX_NAME]?.results?.[0] as unknown as GalleryResult | undefined;
  if (rendered && renderedResult) {
    const renderedKey = queryKeyOf(searchedDefinition(rendered.definition));
    if (queries.getQueryData(renderedKey) === undefined) queries.setQueryData(renderedKey, renderedResult);
  }
  const searchOf = (indexName: string, def: GallerySearchDefinition): Promise<GalleryResult> => {
    const queryKey = queryKeyOf(def);
    // Asks, or joins the same search on its way.
    const ask = () => queries.fetchQuery({
      queryKey,
      queryFn: async () => toInstantSearchResult(indexName, def, await fetchSearch('', toQueryString(def), { origin, timeoutMs })),
      staleTime: 0,
      gcTime: KEPT_MS,
      retry: false,
    });
    const kept = queries.getQueryState<GalleryResult>(queryKey);
    const shown = kept?.data;
    if (shown === undefined || kept?.fetchStatus === 'fetching') return ask();
    ask().then((latest) => {
      if (!sameAnswer(shown, latest)) for (const listener of listeners) listener();
    }, () => {});
    return Promise.resolve(shown);
  };
  return {
    async search(requests) {
      // One answer per index, given to each of its requests.
      const searches = new Map<string, Promise<GalleryResult>>();
      for (const request of requests) {
        if (!searches.has(request.indexName)) searches.set(request.indexName, searchOf(request.indexName, requestDefinition(request)));
      }
      const results = await Promise.all(requests.map((request) => searches.get(request.indexName)!));
      return { results } as unknown as Awaited<ReturnType<SearchClient['search']>>;
    },
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as GallerySearchClient;
}
