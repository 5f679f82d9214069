import type { NextRequest } from 'next/server';

/**
 * Layouts are not told the address they render for, yet the root layout needs it: the path
 * for the alternate-language links and the query for the language and currency overrides.
 * proxy.ts copies it into this request header; the proxy always overwrites it, so a client
 * cannot supply its own.
 */
export const REQUEST_PATH_HEADER = 'x-easel-path';

/**
 * A page request's headers as the proxy passes them on: the client's, the proxy's `extra` (its
 * Content-Security-Policy), and in REQUEST_PATH_HEADER the path the page renders for (in its
 * canonical form, lib/request-target.ts) with the query the browser sent.
 */
export function pageRequestHeaders(request: NextRequest, path: string, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  headers.set(REQUEST_PATH_HEADER, `${path}${request.nextUrl.search}`);
  return headers;
}
