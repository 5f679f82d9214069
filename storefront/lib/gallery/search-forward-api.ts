import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { errorBody } from '@easel/shared/api-error-body';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import { RESULT_COUNT_HEADER } from '@easel/search-service/contract';
import type { ApiEnv } from '../api/errors';
import { requestAddress } from '../rate-limits';
import { SEARCH_API_PATH } from '../search/fetch-search';
import { newSearchId, type SearchRecorder } from '../search-analytics/recorder';
import { SESSION_COOKIE } from '../session-cookie';

/**
 * The search API on the storefront's own origin: forwards to the search service, whose address
 * is read at run time (a rewrite would fix it at build time). Only the search service's own
 * answer headers come back; an unreachable or silent service becomes the contract's 503 / 504.
 * The shopper's address goes with each search: the search service limits searches per shopper.
 *
 * A gallery search (the path itself, not `_count`, `_prices` or `_suggestions`) is recorded
 * (docs/SEARCH-ANALYTICS.md) and its answer carries its `search_id` as the body's first field.
 * That answer is this search's alone, so it is `private, no-store` and has no ETag; the search
 * service's own answers keep SPEC §9's lifetimes.
 */

const PASSED_HEADERS = ['content-type', 'cache-control', 'etag', 'retry-after'];

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

const utf8 = new TextEncoder();

/** `{"results":…}` -> `{"search_id":"…","results":…}`, without parsing the answer. */
export function withSearchId(body: Uint8Array, searchId: string): Uint8Array<ArrayBuffer> {
  const head = utf8.encode(`{"search_id":"${searchId}",`);
  const out = new Uint8Array(head.length + body.length - 1);
  out.set(head);
  out.set(body.subarray(1), head.length);
  return out;
}

export const searchForwardRoutes = ({ searchServiceUrl, searchRecorder }: { searchServiceUrl: () => string; searchRecorder: () => SearchRecorder }) =>
  new Hono<ApiEnv>().get(`${SEARCH_API_PATH}*`, async (c) => {
    const incoming = new URL(c.req.url);
    // Both origins serve the API under the same path.
    const target = `${searchServiceUrl()}${incoming.pathname}${incoming.search}`;
    const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': requestAddress(c.req.raw) };
    const recorded = incoming.pathname === SEARCH_API_PATH && c.req.method === 'GET';
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && !recorded) headers['if-none-match'] = ifNoneMatch;
    // The English the client reads the service's refusals in.
    const language = c.req.header('accept-language');
    if (language) headers['accept-language'] = language;
    const started = performance.now();
    let upstream: Response;
    try {
      upstream = await fetch(target, { headers, signal: AbortSignal.timeout(SEARCH_WAITS_MS.storefront), cache: 'no-store' });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const body = timedOut
        ? errorBody('engine_timeout', 'The search took too long; please try again.')
        : errorBody('engine_unavailable', 'Search is unavailable right now; please try again shortly.');
      return c.json(body, timedOut ? 504 : 503, { 'cache-control': 'no-store', ...(timedOut ? {} : { 'retry-after': '5' }) });
    }
    const out = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) out.set(name, value);
    }
    if (recorded && upstream.status === 200) return recordedAnswer(c, upstream, out, started, searchRecorder());
    // The search service's answer is passed on as it is, streamed.
    return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
  });

async function recordedAnswer(c: Context<ApiEnv>, upstream: Response, out: Headers, started: number, recorder: SearchRecorder): Promise<Response> {
  const body = new Uint8Array(await upstream.arrayBuffer());
  const latencyMs = performance.now() - started;
  const searchId = newSearchId();
  const incoming = c.req.url;
  const at = incoming.indexOf('?');
  recorder.recordSearch({
    searchId,
    source: 'gallery',
    queryString: at === -1 ? '' : incoming.slice(at + 1),
    resultCount: Number(upstream.headers.get(RESULT_COUNT_HEADER) ?? 0),
    latencyMs,
    visitor: recorder.visitorOf({ session: getCookie(c, SESSION_COOKIE), address: requestAddress(c.req.raw), userAgent: c.req.header('user-agent') ?? '' }),
  });
  out.set('cache-control', 'private, no-store');
  out.delete('etag');
  return new Response(withSearchId(body, searchId), { status: 200, headers: out });
}
