'use client';

import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { z } from 'zod';
import {
  countResponseSchema, pricesResponseSchema, suggestionsResponseSchema, toQueryString,
  type GallerySearchDefinition, type PriceBar, type SuggestionsResponse,
} from '@easel/search-service/contract';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';

/**
 * The gallery's live figures from the search API: the draft's match count (`_count`), the
 * price bars (`_prices`) and the ways out of a search that finds nothing (`_suggestions`). Each fetch waits for the shopper to pause, and a newer draft
 * cancels an older request, so dragging a slider sends a handful of requests, not hundreds.
 */

const PAUSE_MS = 150;

type Loadable<T> = { status: 'loading' | 'succeeded' | 'failed'; value: T | undefined };

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

function useSearchApi<S extends z.ZodType, T>(endpoint: '_count' | '_prices' | '_suggestions', query: string, schema: S, pick: (answer: z.infer<S>) => T, enabled = true): Loadable<T> {
  const answered = useQuery({
    queryKey: ['search', endpoint, query],
    queryFn: async ({ signal }) => {
      await pause(PAUSE_MS, signal);
      const response = await fetch(`/api/v2/product/s/${endpoint}/${query ? `?${query}` : ''}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([signal, AbortSignal.timeout(SEARCH_WAITS_MS.browser)]),
      });
      if (!response.ok) throw new Error(`${endpoint} answered ${response.status}`);
      return pick(schema.parse(await response.json()));
    },
    enabled,
    // Every draft asks afresh, as the shopper's last pause is the one that counts.
    gcTime: 0,
  });
  // The last figures stay up while the next load, or after it fails.
  const last = useRef<T | undefined>(undefined);
  if (answered.data !== undefined) last.current = answered.data;
  const status = answered.isSuccess ? 'succeeded' : answered.isError ? 'failed' : 'loading';
  return { status, value: answered.data ?? last.current };
}

const pickCount = ({ count }: z.infer<typeof countResponseSchema>) => count;
const pickBars = ({ results }: z.infer<typeof pricesResponseSchema>): PriceBar[] => results;

/** The number of artworks the draft would show; only fetched while the draft differs from the active search. */
export function usePreviewCount(draft: GallerySearchDefinition, enabled: boolean): Loadable<number> {
  const query = toQueryString({ ...draft, page: 1, sort: undefined, paginate: undefined, limit: undefined });
  return useSearchApi('_count', query, countResponseSchema, pickCount, enabled);
}

/** The price bars for the draft's other filters, in its currency. */
export function usePriceBars(draft: GallerySearchDefinition): Loadable<PriceBar[]> {
  const query = toQueryString({ ...draft, price_min: undefined, price_max: undefined, page: 1, sort: undefined, paginate: undefined, limit: undefined });
  return useSearchApi('_prices', query, pricesResponseSchema, pickBars);
}

/** What removing each part of the search would bring back, and the categories: one request. */
export function useSuggestions(active: GallerySearchDefinition): Loadable<SuggestionsResponse> {
  const query = toQueryString({ ...active, page: 1, sort: undefined, paginate: undefined, limit: undefined });
  return useSearchApi('_suggestions', query, suggestionsResponseSchema, (answer) => answer);
}
