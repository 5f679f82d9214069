'use client';

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { InitialResults } from 'instantsearch.js';
import { history } from 'instantsearch.js/es/lib/routers';
import { InstantSearch, InstantSearchSSRProvider, useInstantSearch } from 'react-instantsearch';
import type { Currency } from '@easel/shared/vocabulary';
import type { RateMatrix } from '@easel/shared/currency';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import type { GallerySearchDefinition } from '@easel/search-service/contract';
import { galleryUrl, parseGalleryQuery, parseLandingPath, GALLERY_PATH } from '../../lib/gallery/location';
import type { Language } from '../../lib/i18n/languages';
import { SETTINGS_QUERY } from '../../lib/settings/entity';
import { createSearchClient, type GallerySearchClient } from '../../lib/gallery/search-client';
import { fromUiState, INDEX_NAME, toUiState } from '../../lib/gallery/ui-state';
import { GalleryView, type GalleryViewProps } from './gallery-view';

export interface GalleryProps extends Omit<GalleryViewProps, 'limit' | 'replaceAddress'> {
  /** The address the server rendered, path and query: '/shop/painting/?colours=blue'. */
  serverUrl: string;
  /** The server's results; null when the server ran out of time and the browser searches. */
  initialResults: InitialResults | null;
  definition: GallerySearchDefinition;
  /** The address named a currency: the gallery's addresses keep it, so a shared link shows the same prices. */
  currencyInAddress: boolean;
  /** The language the address names (`?language=en-us`): the gallery's addresses keep it until the shopper chooses one. */
  languageInAddress: Language | undefined;
}

/** The address bar's query as the parser takes it: repeated names gathered into lists. */
function queryOf(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) (out[name] ??= []).push(value);
  return out;
}

/**
 * Reads a gallery address: unknown paths read as the whole gallery, bad parameters are dropped.
 * An address whose currency the shopper's own overrides (a signed-in user's, SPEC §4) is read
 * without it, as the server reads it.
 */
function readLocation(location: Pick<Location, 'pathname' | 'search'>, { address, ...shopper }: ShopperSettings): GallerySearchDefinition {
  const segments = location.pathname.slice(GALLERY_PATH.length).split('/').filter(Boolean);
  const query = queryOf(location.search);
  if (address.currency !== undefined) delete query[SETTINGS_QUERY.currency];
  return parseGalleryQuery(parseLandingPath(segments) ?? {}, query, shopper).definition;
}

/** The shopper's settings an address is read in, and what its addresses are written with. */
interface ShopperSettings {
  currency: Currency;
  country: string;
  address: AddressSettings;
}

/** What the gallery's addresses are written with: the currency they leave out and the language they keep. */
interface AddressSettings {
  /** The shopper's currency, left out of the address; undefined when the address keeps its own. */
  currency: Currency | undefined;
  language: Language | undefined;
}

/** A search's address: the canonical one, with the language the address came with. */
function addressOf(def: GallerySearchDefinition, settings: AddressSettings): string {
  const url = galleryUrl(def, settings.currency);
  if (!settings.language) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${SETTINGS_QUERY.language}=${settings.language}`;
}

/** Searches again when the client finds that results it showed from its copy have changed since. */
function RefreshWhenChanged({ client }: { client: GallerySearchClient }) {
  const { refresh } = useInstantSearch();
  useEffect(() => client.onChanged(refresh), [client, refresh]);
  return null;
}

/**
 * Keeps the shopper's search when it fails. InstantSearch rolls a failed search back to the last
 * one answered (the index widget's render sets its helper to that search's state), and its router
 * then writes that search's address as a new entry: the filter just applied would be undone, and
 * the gallery's retry (gallery-view.tsx) would search the old one. Refused here, the page shows
 * the failure under the shopper's own address and chips, and the retry asks for their search.
 */
function KeepSearchOnError() {
  const { addMiddlewares } = useInstantSearch();
  useEffect(
    () =>
      addMiddlewares(({ instantSearchInstance: search }) => {
        let helper: ReturnType<typeof search.mainIndex.getHelper>;
        return {
          $$type: 'easel.keepSearchOnError',
          started() {
            helper = search.mainIndex.getHelper();
            if (!helper) return;
            const setState = helper.setState.bind(helper);
            helper.setState = (state) => (search.status === 'error' && state === search.mainIndex.getPreviousState() ? helper! : setState(state));
          },
          unsubscribe() {
            // The prototype's own again.
            if (helper) delete (helper as Partial<typeof helper>).setState;
          },
        };
      }),
    [addMiddlewares],
  );
  return null;
}

/**
 * The gallery: React InstantSearch searching through the search contract, with the
 * address as its state (each applied search is a history entry; back and forward walk them).
 */
export function Gallery({ serverUrl, initialResults, definition, currencyInAddress, languageInAddress, ...view }: GalleryProps) {
  const { currency, country } = view.settings;
  const limit = definition.limit;
  // The router is made once, so it reads the settings of the latest render (a settings change
  // re-renders the page on the server and brings new ones) through a ref.
  const latest: ShopperSettings = { currency, country, address: { currency: currencyInAddress ? undefined : currency, language: languageInAddress } };
  const settings = useRef(latest);
  settings.current = latest;
  // Set when the next address written stands for the same search in new settings: it replaces the entry.
  const replacing = useRef(false);
  // A gallery being replaced by another (Next.js restoring an entry's page on Back) unmounts its
  // widgets first, which empties its search state: it must not write that as an address. Cleared
  // before any widget's own cleanup runs.
  const mounted = useRef(true);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // Built once per mount: a new client or router would make InstantSearch search again. The
  // server never searches through this client (it renders from `initialResults` or not at all);
  // the client keeps those as their search's answer, so Back to the first view shows them at once.
  const queries = useQueryClient();
  const searchClient = useMemo(
    () => createSearchClient(
      queries,
      typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
      SEARCH_WAITS_MS.browser,
      initialResults ? { definition, initialResults } : undefined,
    ),
    [queries],
  );
  const routing = useMemo(
    () => ({
      router: history<GallerySearchDefinition>({
        getLocation: () => (typeof window === 'undefined' ? (new URL(serverUrl, 'http://localhost') as unknown as Location) : window.location),
        // Absolute, as the router compares it with location.href before writing a history entry.
        createURL: ({ routeState, location }) => new URL(addressOf(routeState, settings.current.address), location.href).href,
        parseURL: ({ location }) => readLocation(location, settings.current),
        // A new search is a new history entry. The same search written canonically (the first
        // write of an address with its parameters in another order) or in new settings replaces
        // the entry, so Back never lands on the same search again. No state of its own: the
        // address is read on back and forward, and Next.js keeps its router's in the entry.
        push: (url: string) => {
          if (!mounted.current) return;
          const current = readLocation(window.location, settings.current);
          const replace = replacing.current || galleryUrl(readLocation(new URL(url), settings.current)) === galleryUrl(current);
          replacing.current = false;
          if (replace) window.history.replaceState(null, '', url);
          else window.history.pushState(null, '', url);
        },
        // Every change is a deliberate apply, sort or page turn: write it at once.
        writeDelay: 0,
        cleanUrlOnDispose: false,
      }),
      stateMapping: {
        stateToRoute: (uiState: Record<string, Parameters<typeof fromUiState>[0]>) => fromUiState(uiState[INDEX_NAME] ?? {}),
        routeToState: (route: GallerySearchDefinition) => ({ [INDEX_NAME]: toUiState(route) }),
      },
    }),
    // InstantSearch cannot take a new router after mount: the router reads the settings through the ref.
    [],
  );
  const replaceAddress = useCallback((def: GallerySearchDefinition) => {
    replacing.current = new URL(addressOf(def, settings.current.address), window.location.href).href !== window.location.href;
  }, []);

  const search = (
    <InstantSearch
      searchClient={searchClient}
      indexName={INDEX_NAME}
      routing={routing}
      initialUiState={{ [INDEX_NAME]: toUiState(definition) }}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <RefreshWhenChanged client={searchClient} />
      <KeepSearchOnError />
      <GalleryView {...view} limit={limit} replaceAddress={replaceAddress} />
    </InstantSearch>
  );
  return initialResults ? <InstantSearchSSRProvider initialResults={initialResults}>{search}</InstantSearchSSRProvider> : search;
}
