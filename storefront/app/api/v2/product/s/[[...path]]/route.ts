import type { NextRequest } from 'next/server';
import { SEARCH_WAITS_MS, type ErrorResponse } from '@easel/search-service/contract';
import { getConfig } from '../../../../../../lib/config';
import { requestAddress } from '../../../../../../lib/rate-limits';

/**
 * The search API on the storefront's own origin: forwards to the search service, whose address
 * is read at run time (a rewrite would fix it at build time). Only the search service's own
 * answer headers come back; an unreachable or silent service becomes the contract's 503 / 504.
 * The shopper's address goes with each search: the search service limits searches per shopper.
 */

const PASSED_HEADERS = ['content-type', 'cache-control', 'etag', 'retry-after'];

export async function GET(request: NextRequest): Promise<Response> {
  const incoming = request.nextUrl;
  // Both origins serve the API under the same path.
  const target = `${getConfig().SEARCH_SERVICE_URL}${incoming.pathname}${incoming.search}`;
  const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': requestAddress(request) };
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      headers,
      signal: AbortSignal.timeout(SEARCH_WAITS_MS.storefront),
      cache: 'no-store',
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    const body: ErrorResponse = timedOut
      ? { error: { code: 'engine_timeout', message: 'The search took too long; please try again.' } }
      : { error: { code: 'engine_unavailable', message: 'Search is unavailable right now; please try again shortly.' } };
    return Response.json(body,
      { status: timedOut ? 504 : 503, headers: { 'cache-control': 'no-store', ...(timedOut ? {} : { 'retry-after': '5' }) } },
    );
  }
  const out = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  return new Response(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
}
