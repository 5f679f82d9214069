import { NextResponse, type NextRequest } from 'next/server';
import { forwardRequestPath } from './lib/request-path';

/**
 * Tells pages and layouts the address they render for (see lib/request-path.ts). A path whose
 * %-escapes are not UTF-8 names no page: it gets the not-found page rather than a failed render.
 */
export function proxy(request: NextRequest) {
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return NextResponse.rewrite(new URL('/not-found/', request.url));
  }
  return forwardRequestPath(request);
}

// Pages only: API routes, build assets and artwork pictures do not render the layout.
export const config = {
  matcher: ['/((?!api/|_next/|media/|favicon\\.ico).*)'],
};
