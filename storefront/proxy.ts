import { NextResponse, type NextRequest } from 'next/server';
import { apiError } from './lib/api-error';
import { isCrossSiteRequest, isGuardedPath } from './lib/csrf';
import { getDb } from './lib/db';
import { pageExists } from './lib/page-exists';
import { SESSION_COOKIE } from './lib/session';
import { forwardRequestPath } from './lib/request-path';

/**
 * Every request but build assets and artwork pictures passes here.
 * - JSON endpoints: a state-changing request from another site is refused (lib/csrf.ts), here
 *   so that no route can forget it.
 * - Pages: an address that names nothing (an unknown work, artist or category, or %-escapes
 *   that are not UTF-8) gets the not-found page, rendered on the server (lib/page-exists.ts);
 *   the rest are told the address they render for (lib/request-path.ts). Staff pages are
 *   not found by anyone but staff.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isGuardedPath(pathname)) {
    if (isCrossSiteRequest(request, request.headers.get('host') ?? request.nextUrl.host)) {
      return apiError(403, 'forbidden', 'This request came from another site and was refused.');
    }
    return NextResponse.next();
  }
  let exists: boolean;
  try {
    exists = await pageExists(pathname, getDb, request.cookies.get(SESSION_COOKIE)?.value);
  } catch (error) {
    // A %-escape that is not UTF-8 names no page. A database that cannot answer leaves the
    // judgement to the page, which says not found or unavailable itself.
    exists = !(error instanceof URIError);
  }
  if (!exists) return NextResponse.rewrite(new URL('/not-found/', request.url));
  return forwardRequestPath(request);
}

export const config = {
  matcher: ['/((?!_next/|media/|favicon\\.ico).*)'],
};
