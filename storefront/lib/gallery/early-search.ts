import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseCookies } from 'hono/utils/cookie';
import { toQueryString } from '@easel/search-service/contract';
import type { TaggedAnswer } from '../search/fetch-search';
import { applyUrlOverrides, rawQuery } from '../settings/resolve';
import { getCookieSettings } from '../settings/visitor-cookies';
import { GALLERY_PATH, parseLandingPath, readGalleryPage } from './location';
import { searchedDefinition } from './ui-state';

/**
 * The gallery page's search, asked for as its request arrives (storefront/server.ts) rather than
 * once Next.js has routed it and rendered the layout to the page: the engine searches while the
 * storefront does that work. The page's server search (`getInitialGalleryResults`) takes the
 * answer when its own search is the same; when it is not (a signed-in shopper whose own currency
 * differs from the cookies'), the page searches as before.
 *
 * The request's handling runs inside an AsyncLocalStorage holding the started search. The
 * compiled server and Next.js's build each load a copy of this module, so the storage is kept
 * on `globalThis`, where both find the same one.
 */

/** A search already asked for, by its definition's query string (`toQueryString`). */
export interface StartedSearch {
  query: string;
  /** What it answered first: its answer's ETag, the kept page's when the search answered that unchanged. */
  etag: Promise<string | undefined>;
  /**
   * The answer the page shows, with its ETag. A search asked with the ETag of a page the page
   * cache keeps, and answered unchanged, is asked again without it when the page is rendered
   * after all.
   */
  taken: () => Promise<TaggedAnswer>;
  /** When it was asked for (performance.now()). */
  startedAt: number;
  /** The search id the page recorded it under, once the page took its answer. */
  searchId?: string;
}

const STORAGE_KEY = Symbol.for('easel.storefront.startedGallerySearch');
const storage: AsyncLocalStorage<StartedSearch> = ((globalThis as { [STORAGE_KEY]?: AsyncLocalStorage<StartedSearch> })[STORAGE_KEY] ??=
  new AsyncLocalStorage<StartedSearch>());

/**
 * The query string of the search a request's gallery page will ask for, as a visitor with the
 * request's cookies; undefined for any other request, and for a Next.js prefetch, which does
 * not render the page: ('GET', '/shop/painting/?colours=red', {}) -> 'limit=100&product_category=painting&colours=red'.
 */
export function gallerySearchOfRequest(method: string, target: string, headers: IncomingHttpHeaders): string | undefined {
  if (method !== 'GET' || !target.startsWith(GALLERY_PATH) || headers['next-router-prefetch'] !== undefined) return undefined;
  const url = new URL(target, 'http://storefront');
  if (!url.pathname.startsWith(GALLERY_PATH) || !url.pathname.endsWith('/')) return undefined;
  let segments: string[];
  try {
    segments = url.pathname.slice(GALLERY_PATH.length).split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const landing = parseLandingPath(segments);
  if (!landing) return undefined;
  const cookies = parseCookies(headers.cookie ?? '');
  const query = rawQuery(url.searchParams);
  const settings = applyUrlOverrides(getCookieSettings((name) => cookies[name]), query);
  return toQueryString(searchedDefinition(readGalleryPage(landing, query, settings).location.definition));
}

/** Runs `handle` (the request's handling) with `search` as its started gallery search. */
export function withStartedSearch<T>(search: StartedSearch, handle: () => T): T {
  return storage.run(search, handle);
}

/** The gallery search started for the request being handled, if any. */
export function startedSearch(): StartedSearch | undefined {
  return storage.getStore();
}
