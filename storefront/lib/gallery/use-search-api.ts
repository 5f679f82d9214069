'use client';

import { useEffect, useState } from 'react';
import { SEARCH_WAITS_MS, toQueryString, type GallerySearchDefinition, type PriceBar } from '@easel/search-service/contract';

/**
 * The panel's live figures from the search API: the draft's match count (`_count`) and the
 * price bars (`_prices`). Each fetch waits for the shopper to pause, and a newer draft
 * cancels an older request, so dragging a slider sends a handful of requests, not hundreds.
 */

const PAUSE_MS = 150;

type Loadable<T> = { status: 'loading' | 'succeeded' | 'failed'; value: T | undefined };

function useSearchApi<T>(endpoint: '_count' | '_prices', query: string, pick: (json: unknown) => T, enabled = true): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading', value: undefined });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', value: s.value }));
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v2/product/s/${endpoint}/${query ? `?${query}` : ''}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(SEARCH_WAITS_MS.browser)]),
        });
        if (!response.ok) throw new Error(`${endpoint} answered ${response.status}`);
        const value = pick(await response.json());
        setState({ status: 'succeeded', value });
      } catch (error) {
        if (!controller.signal.aborted) setState((s) => ({ status: 'failed', value: s.value }));
      }
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [endpoint, query, enabled, pick]);
  return state;
}

const pickCount = (json: unknown) => (json as { count: number }).count;
const pickBars = (json: unknown) => (json as { results: PriceBar[] }).results;

/** The number of artworks the draft would show; only fetched while the draft differs from the active search. */
export function usePreviewCount(draft: GallerySearchDefinition, enabled: boolean): Loadable<number> {
  const query = toQueryString({ ...draft, page: 1, sort: undefined, paginate: undefined, limit: undefined });
  return useSearchApi('_count', query, pickCount, enabled);
}

/** The price bars for the draft's other filters, in its currency. */
export function usePriceBars(draft: GallerySearchDefinition): Loadable<PriceBar[]> {
  const query = toQueryString({ ...draft, price_min: undefined, price_max: undefined, page: 1, sort: undefined, paginate: undefined, limit: undefined });
  return useSearchApi('_prices', query, pickBars);
}
