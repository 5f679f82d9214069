import { NextResponse, type NextRequest } from 'next/server';
import { getDb } from './lib/db';
import { pageExists } from './lib/page-exists';
import { forwardRequestPath } from './lib/request-path';

/**
 * Tells pages and layouts the address they render for (see lib/request-path.ts). An address
 * that names nothing (an unknown work, artist or category, or %-escapes that are not UTF-8)
 * gets the not-found page, rendered on the server (see lib/page-exists.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  let exists: boolean;
  try {
    exists = await pageExists(pathname, getDb);
  } catch (error) {
    // A %-escape that is not UTF-8 names no page. A database that cannot answer leaves the
    // judgement to the page, which says not found or unavailable itself.
    exists = !(error instanceof URIError);
  }
  if (!exists) return NextResponse.rewrite(new URL('/not-found/', request.url));
  return forwardRequestPath(request);
}

// Pages only: API routes, build assets and artwork pictures do not render the layout.
export const config = {
  matcher: ['/((?!api/|_next/|media/|favicon\\.ico).*)'],
};
