import { NextResponse, type NextRequest } from 'next/server';
import { apiError } from './lib/api-error';
import { isCrossSiteRequest, isGuardedPath } from './lib/csrf';
import { forwardRequestPath } from './lib/request-path';

/**
 * Every request but build assets and artwork pictures passes here. JSON endpoints: a
 * state-changing request from another site is refused (lib/csrf.ts), here so that no route can
 * forget it. Pages: they are told the address they render for (see lib/request-path.ts); a
 * path whose %-escapes are not UTF-8 names no page and gets the not-found page rather than a
 * failed render.
 */
export function proxy(request: NextRequest) {
  if (isGuardedPath(request.nextUrl.pathname)) {
    if (isCrossSiteRequest(request, request.headers.get('host') ?? request.nextUrl.host)) {
      return apiError(403, 'forbidden', 'This request came from another site and was refused.');
    }
    return NextResponse.next();
  }
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return NextResponse.rewrite(new URL('/not-found/', request.url));
  }
  return forwardRequestPath(request);
}

export const config = {
  matcher: ['/((?!_next/|media/|favicon\\.ico).*)'],
};
