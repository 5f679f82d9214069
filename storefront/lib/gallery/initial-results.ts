import type { InitialResults, Widget } from 'instantsearch.js';
import {
  connectHits, connectPagination, connectRange, connectRefinementList, connectSearchBox,
  connectSortBy, connectToggleRefinement,
} from 'instantsearch.js/es/connectors';
import algoliasearchHelper from 'algoliasearch-helper';
import { toQueryString, type GallerySearchDefinition, type SearchResponse } from '@easel/search-service/contract';
import type { StartedSearch } from './early-search';
import { fetchSearch, SearchError } from '../search/fetch-search';
import { toInstantSearchResult } from './search-client';
import { INDEX_NAME, WIDGETS, connectSearchSettings, searchedDefinition, toUiState } from './ui-state';

/**
 * The gallery's first page of InstantSearch results, searched on the server so the HTML carries
 * artworks, through the search contract like every search. They are what InstantSearch's own
 * server pass (`getServerState`) would collect with the page's widgets (see `WIDGETS`): the
 * state those widgets search with and the contract's answer as the result of each request they
 * make, so the browser hydrates from them instead of searching again. Made here without an
 * InstantSearch instance of their own: the page's hooks run one.
 */

const noRender = () => {};

/** One widget per hook the gallery mounts, with the same parameters. */
export function galleryWidgets(): Widget[] {
  return [
    connectSearchSettings(noRender)({}),
    connectSearchBox(noRender)({}),
    connectSortBy(noRender)(WIDGETS.sortBy),
    connectHits(noRender)({}),
    connectPagination(noRender)({}),
    ...Object.values(WIDGETS.lists).map((params) => connectRefinementList(noRender)(params)),
    ...Object.values(WIDGETS.toggles).map((params) => connectToggleRefinement(noRender)(params)),
    ...Object.values(WIDGETS.ranges).map((params) => connectRange(noRender)(params)),
  ] as Widget[];
}

/**
 * InstantSearch's initial results for a gallery page of `def` that `answer` answers: the state
 * the widgets make of the page's UI state, as InstantSearch's index does, and the answer once
 * for each request that state asks (the search, then one per refined list or range, each of
 * which the contract's disjunctive counts already answer).
 */
export function initialResultsOf(def: GallerySearchDefinition, answer: SearchResponse): InitialResults {
  const uiState = toUiState(def);
  const state = galleryWidgets().reduce(
    (params, widget) => (widget.getWidgetSearchParameters ? widget.getWidgetSearchParameters(params, { uiState }) : params),
    new algoliasearchHelper.SearchParameters({ index: INDEX_NAME }),
  );
  const result = toInstantSearchResult(state.index, searchedDefinition(def), answer);
  // The helper's typings ask two arguments of this method, which takes none.
  const refined = (state as unknown as { getRefinedDisjunctiveFacets(): string[] }).getRefinedDisjunctiveFacets();
  const requests = 1 + refined.length;
  // A plain object, as the page hands it to a client component.
  return { [INDEX_NAME]: { state: { ...state }, results: Array.from({ length: requests }, () => result) } } as unknown as InitialResults;
}

/** Records a search the page answered with (its query string, answer and wait) and gives its search id. */
export type RecordPageSearch = (queryString: string, answer: SearchResponse, latencyMs: number) => string;

/**
 * The results for `def`, or null when the search does not answer within `budgetMs` (the page
 * then renders its shell and the browser searches) or fails; a budget of 0 does not search.
 * A search already `started` for this request answers it when it is the same search, and is
 * told the search id. A search the page shows is recorded, and its results carry the search id.
 */
export async function getInitialGalleryResults(
  def: GallerySearchDefinition,
  searchServiceUrl: string,
  budgetMs: number,
  record: RecordPageSearch,
  started?: StartedSearch,
): Promise<InitialResults | null> {
  if (budgetMs === 0) return null;
  const query = toQueryString(searchedDefinition(def));
  const reused = started?.query === query;
  const startedAt = reused ? started.startedAt : performance.now();
  const answer = reused ? started.taken().then((taken) => taken.answer) : fetchSearch('', query, { origin: searchServiceUrl, timeoutMs: budgetMs });
  let timer: NodeJS.Timeout | undefined;
  const pastBudget = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs);
  });
  try {
    const found = await Promise.race([answer, pastBudget]);
    if (!found) return null;
    const searchId = record(query, found, performance.now() - startedAt);
    if (reused) started.searchId = searchId;
    return initialResultsOf(def, { ...found, search_id: searchId });
  } catch (error) {
    // Past the budget the request is aborted on purpose; that is not worth a log line.
    if (!(error instanceof SearchError && error.reason === 'timeout')) console.error('gallery: server search failed:', error instanceof Error ? error.message : error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
