import { QueryClient } from '@tanstack/react-query';
import instantsearch from 'instantsearch.js/es';
import { getInitialResults } from 'instantsearch.js/es/lib/server';
import { describe, expect, it, vi } from 'vitest';
import { createSearchClient } from './search-client';
import { GALLERY_QUERIES, definitionOf as def } from './definition.fixture';
import { galleryWidgets, initialResultsOf } from './initial-results';
import { INDEX_NAME, toUiState } from './ui-state';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { CONTRACT_ANSWER } from './answer.fixture';

/**
 * What InstantSearch's own server pass collects for a page of `d` with the gallery's widgets and
 * search client, the contract answering CONTRACT_ANSWER.
 */
async function instantSearchPass(d: GallerySearchDefinition) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(CONTRACT_ANSWER), { headers: { 'content-type': 'application/json' } }));
  const search = instantsearch({ indexName: INDEX_NAME, searchClient: createSearchClient(new QueryClient(), 'http://search.test', 1000), initialUiState: { [INDEX_NAME]: toUiState(d) } });
  search.addWidgets(galleryWidgets());
  const results = await new Promise<ReturnType<typeof getInitialResults>>((resolve) => {
    search.start();
    search.mainHelper!.derivedHelpers[0]!.on('result', () => resolve(getInitialResults(search.mainIndex)));
  });
  search.dispose();
  vi.unstubAllGlobals();
  return results;
}

/** As the page carries them to the browser: JSON, the requests' parameters (used only to fill an Algolia client's cache) left out. */
const asCarried = (results: unknown) => {
  const { state, results: answers } = (results as Record<string, { state: unknown; results: unknown }>)[INDEX_NAME]!;
  return JSON.parse(JSON.stringify({ state, results: answers }));
};

describe('initialResultsOf', () => {
  it.each(GALLERY_QUERIES)('%s: the state and results InstantSearch\'s own server pass collects', async (qs) => {
    const d = def(qs);
    const made = initialResultsOf(d, CONTRACT_ANSWER);
    expect(asCarried(made)).toEqual(asCarried(await instantSearchPass(d)));
    // Only plain objects pass from the server's page to its client components.
    expect(Object.getPrototypeOf(made[INDEX_NAME]!.state)).toBe(Object.prototype);
  });
});
