import { NextResponse, type NextRequest } from 'next/server';

/**
 * Layouts are not told the address they render for, yet the root layout needs it: the path
 * for the alternate-language links and the query for the language and currency overrides.
 * proxy.ts copies it into this request header; the proxy always overwrites it, so a client
 * cannot supply its own.
 */
export const REQUEST_PATH_HEADER = 'x-easel-path';

/**
 * The proxy's work: pass the request on with its path and query in REQUEST_PATH_HEADER, and
 * with the proxy's other `headers` for the page (its Content-Security-Policy).
 */
export function forwardRequestPath(request: NextRequest, extra: Record<string, string> = {}): NextResponse {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  headers.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}
