import instantsearch from 'instantsearch.js/es';
import type { InitialResults, Widget } from 'instantsearch.js';
import {
  connectConfigure, connectHits, connectPagination, connectRange, connectRefinementList, connectSearchBox,
  connectSortBy, connectToggleRefinement,
} from 'instantsearch.js/es/connectors';
import { getInitialResults } from 'instantsearch.js/es/lib/server';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { createSearchClient, type StartedSearch } from './search-client';
import { INDEX_NAME, WIDGETS, configured, toUiState } from './ui-state';

/**
 * The gallery's first page of InstantSearch results, searched on the server so the HTML carries
 * artworks, through the search contract like every search. The same widgets as the page's hooks
 * (see `WIDGETS`) take part, without rendering, so the browser hydrates from these results
 * instead of searching again.
 */

const noRender = () => {};

/** One widget per hook the gallery mounts, with the same parameters. */
export function galleryWidgets(def: GallerySearchDefinition): Widget[] {
  return [
    connectConfigure(noRender)({ searchParameters: configured(def) }),
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
 * The results for `def`, or null when the search does not answer within `budgetMs` (the page
 * then renders its shell and the browser searches) or fails; a budget of 0 does not search.
 * A search already `started` for this request answers it when it is the same search.
 */
export async function getInitialGalleryResults(
  def: GallerySearchDefinition,
  searchServiceUrl: string,
  budgetMs: number,
  started?: StartedSearch,
): Promise<InitialResults | null> {
  if (budgetMs === 0) return null;
  const search = instantsearch({
    indexName: INDEX_NAME,
    searchClient: createSearchClient(searchServiceUrl, budgetMs, started),
    initialUiState: { [INDEX_NAME]: toUiState(def) },
  });
  search.addWidgets(galleryWidgets(def));
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const settle = (results: InitialResults | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Disposing here, as the results come, also cancels the render InstantSearch has
      // scheduled for them: these widgets never render; the page's own widgets do.
      search.dispose();
      // Disposing drops the listeners, but a search still in flight fails when the budget
      // aborts it; an 'error' event with no listener would be an unhandled rejection.
      search.on('error', () => {});
      resolve(results);
    };
    search.on('error', (event: { error?: Error }) => {
      // Past the budget the request is aborted on purpose; that is not worth a log line.
      if (!settled) console.error('gallery: server search failed:', event.error?.message ?? event);
      settle(null);
    });
    timer = setTimeout(() => settle(null), budgetMs);
    search.start();
    // The main index's results, the moment they come (as instantsearch.js's own waitForResults takes them).
    search.mainHelper!.derivedHelpers[0]!.on('result', () => settle(getInitialResults(search.mainIndex)));
  });
}
