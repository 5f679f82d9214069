'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import {
  MAX_FACET_LIMIT, toQueryString, type Facets, type GallerySearchDefinition, type PriceBar, type SuggestionsResponse,
} from '@easel/search-service/contract';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import { fetchSearch, SearchError, type SearchAnswer, type SearchEndpoint } from '../search/fetch-search';

/**
 * The gallery's live figures from the search API (`fetchSearch`): the draft's match count and
 * facet counts (one search of one card), the price bars (`_prices`) and the ways out of a
 * search that finds nothing (`_suggestions`). Each fetch waits for the shopper to pause, and a
 * newer draft cancels an older request, so dragging a slider sends a handful of requests, not hundreds.
 * A figure the search could not give in time, or while it was unavailable, is asked again after
 * the wait the gallery's own search keeps between tries (`SEARCH_RETRY_MS`), twice at most.
 */

const PAUSE_MS = 150;
/** How long the gallery waits before asking again after a failed search or figure. */
export const SEARCH_RETRY_MS = 3000;
const RETRIES = 2;
const transient = (error: Error) => error instanceof SearchError && (error.reason === 'timeout' || error.reason === 'unavailable');

export type Loadable<T> = { status: 'loading' | 'succeeded' | 'failed'; value: T | undefined };

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

function useSearchApi<E extends SearchEndpoint, T>(endpoint: E, query: string, pick: (answer: SearchAnswer<E>) => T, enabled = true): Loadable<T> {
  const answered = useQuery({
    queryKey: ['search', endpoint, query],
    queryFn: async ({ signal }) => {
      await pause(PAUSE_MS, signal);
      return pick(await fetchSearch(endpoint, query, { timeoutMs: SEARCH_WAITS_MS.browser, signal }));
    },
    enabled,
    retry: (failures, error) => failures < RETRIES && transient(error),
    retryDelay: SEARCH_RETRY_MS,
    // Every draft asks afresh, as the shopper's last pause is the one that counts.
    gcTime: 0,
  });
  // The last figures stay up while the next load, or after it fails.
  const last = useRef<T | undefined>(undefined);
  if (answered.data !== undefined) last.current = answered.data;
  const status = answered.isSuccess ? 'succeeded' : answered.isError ? 'failed' : 'loading';
  const value = answered.data ?? last.current;
  return useMemo(() => ({ status, value }), [status, value]);
}

/** What the panel shows of a draft: how many artworks it would show, and each value's count in it. */
export interface DraftPreview {
  count: number;
  facets: Facets;
}

const pickPreview = ({ count, facets }: SearchAnswer<''>): DraftPreview => ({ count, facets });
const pickBars = ({ results }: SearchAnswer<'_prices'>): PriceBar[] => results;

/**
 * The draft's count and facets, from one search of one card with every value of every list
 * counted (each section's counts disjunctive, as the results' are); only fetched while the
 * draft differs from the active search.
 */
export function useDraftPreview(draft: GallerySearchDefinition, enabled: boolean): Loadable<DraftPreview> {
  const query = toQueryString({ ...draft, page: 1, sort: undefined, paginate: 1, limit: MAX_FACET_LIMIT });
  return useSearchApi('', query, pickPreview, enabled);
}

/** The price bars for the draft's other filters, in its currency. */
export function usePriceBars(draft: GallerySearchDefinition): Loadable<PriceBar[]> {
  const query = toQueryString({ ...draft, price_min: undefined, price_max: undefined, page: 1, sort: undefined, paginate: undefined, limit: undefined });
  return useSearchApi('_prices', query, pickBars);
}

/** What removing each part of the search would bring back, and the categories: one request. */
export function useSuggestions(active: GallerySearchDefinition): Loadable<SuggestionsResponse> {
  const query = toQueryString({ ...active, page: 1, sort: undefined, paginate: undefined, limit: undefined });
  return useSearchApi('_suggestions', query, (answer) => answer);
}
