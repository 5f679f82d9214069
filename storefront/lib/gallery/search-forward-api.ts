import { Hono } from 'hono';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import type { ErrorResponse } from '@easel/search-service/contract';
import type { ApiEnv } from '../api/errors';
import { requestAddress } from '../rate-limits';

/**
 * The search API on the storefront's own origin: forwards to the search service, whose address
 * is read at run time (a rewrite would fix it at build time). Only the search service's own
 * answer headers come back; an unreachable or silent service becomes the contract's 503 / 504.
 * The shopper's address goes with each search: the search service limits searches per shopper.
 */

const PASSED_HEADERS = ['content-type', 'cache-control', 'etag', 'retry-after'];

const SEARCH_API_PATH = '/api/v2/product/s/';

/**
 * Whether a request line is one the routes below answer as they are: a GET or HEAD under the
 * search API's path, ending in a slash ('/api/v2/product/s/_count/?colours=red'). Next.js
 * redirects an address without its trailing slash first.
 */
export function isSearchApiRequest(method: string, target: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const end = target.indexOf('?');
  const path = end === -1 ? target : target.slice(0, end);
  return path.startsWith(SEARCH_API_PATH) && path.endsWith('/');
}

export const searchForwardRoutes = ({ searchServiceUrl }: { searchServiceUrl: () => string }) =>
  new Hono<ApiEnv>().get(`${SEARCH_API_PATH}*`, async (c) => {
    const incoming = new URL(c.req.url);
    // Both origins serve the API under the same path.
    const target = `${searchServiceUrl()}${incoming.pathname}${incoming.search}`;
    const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': requestAddress(c.req.raw) };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    // The English the client reads the service's refusals in.
    const language = c.req.header('accept-language');
    if (language) headers['accept-language'] = language;
    let upstream: Response;
    try {
      upstream = await fetch(target, { headers, signal: AbortSignal.timeout(SEARCH_WAITS_MS.storefront), cache: 'no-store' });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const body: ErrorResponse = timedOut
        ? { error: { code: 'engine_timeout', message: 'The search took too long; please try again.' } }
        : { error: { code: 'engine_unavailable', message: 'Search is unavailable right now; please try again shortly.' } };
      return c.json(body, timedOut ? 504 : 503, { 'cache-control': 'no-store', ...(timedOut ? {} : { 'retry-after': '5' }) });
    }
    const out = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) out.set(name, value);
    }
    // The search service's answer is passed on as it is, streamed.
    return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
  });
