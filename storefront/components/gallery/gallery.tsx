'use client';

import { useMemo } from 'react';
import type { InitialResults } from 'instantsearch.js';
import { history } from 'instantsearch.js/es/lib/routers';
import { InstantSearch, InstantSearchSSRProvider } from 'react-instantsearch';
import type { Currency } from '@easel/shared/vocabulary';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { galleryUrl, parseGalleryQuery, parseLandingPath, GALLERY_PATH } from '../../lib/gallery/location';
import { createSearchClient } from '../../lib/gallery/search-client';
import { fromUiState, INDEX_NAME, toUiState } from '../../lib/gallery/ui-state';
import { GalleryView, type GalleryViewProps } from './gallery-view';

export interface GalleryProps extends Omit<GalleryViewProps, 'limit'> {
  /** The address the server rendered, path and query: '/shop/painting/?colours=blue'. */
  serverUrl: string;
  /** The server's results; null when the server ran out of time and the browser searches. */
  initialResults: InitialResults | null;
  definition: GallerySearchDefinition;
  /** The address named a currency: the gallery's addresses keep it, so a shared link shows the same prices. */
  currencyInAddress: boolean;
}

/** The address bar's query as the parser takes it: repeated names gathered into lists. */
function queryOf(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) (out[name] ??= []).push(value);
  return out;
}

/** Reads a gallery address: unknown paths read as the whole gallery, bad parameters are dropped. */
function readLocation(location: Pick<Location, 'pathname' | 'search'>, currency: Currency): GallerySearchDefinition {
  const segments = location.pathname.slice(GALLERY_PATH.length).split('/').filter(Boolean);
  return parseGalleryQuery(parseLandingPath(segments) ?? {}, queryOf(location.search), currency).definition;
}

/**
 * The gallery: React InstantSearch searching through the search contract, with the
 * address as its state (each applied search is a history entry; back and forward walk them).
 */
export function Gallery({ serverUrl, initialResults, definition, currencyInAddress, ...view }: GalleryProps) {
  const { currency } = view.settings;
  const limit = definition.limit;
  const addressCurrency = currencyInAddress ? undefined : currency;
  // Built once per mount: a new client or router would make InstantSearch search again. The
  // server never searches through this client (it renders from `initialResults` or not at all).
  const searchClient = useMemo(() => createSearchClient(typeof window === 'undefined' ? 'http://localhost' : window.location.origin, SEARCH_WAITS_MS.browser), []);
  const routing = useMemo(
    () => ({
      router: history<GallerySearchDefinition>({
        getLocation: () => (typeof window === 'undefined' ? (new URL(serverUrl, 'http://localhost') as unknown as Location) : window.location),
        // Absolute, as the router compares it with location.href before writing a history entry.
        createURL: ({ routeState, location }) => new URL(galleryUrl(routeState, addressCurrency), location.href).href,
        parseURL: ({ location }) => readLocation(location, currency),
        // Every change is a deliberate apply, sort or page turn: write it at once.
        writeDelay: 0,
        cleanUrlOnDispose: false,
      }),
      stateMapping: {
        stateToRoute: (uiState: Record<string, Parameters<typeof fromUiState>[0]>) => fromUiState(uiState[INDEX_NAME] ?? {}),
        routeToState: (route: GallerySearchDefinition) => ({ [INDEX_NAME]: toUiState(route) }),
      },
    }),
    // InstantSearch cannot take a new router after mount; the page re-mounts the gallery when the currency changes.
    [],
  );

  const search = (
    <InstantSearch
      searchClient={searchClient}
      indexName={INDEX_NAME}
      routing={routing}
      initialUiState={{ [INDEX_NAME]: toUiState(definition) }}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <GalleryView {...view} limit={limit} />
    </InstantSearch>
  );
  return initialResults ? <InstantSearchSSRProvider initialResults={initialResults}>{search}</InstantSearchSSRProvider> : search;
}
