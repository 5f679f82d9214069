import { NextResponse, type NextRequest } from 'next/server';
import { API_CONTENT_SECURITY_POLICY } from '@easel/search-service/security-headers';
import { apiError } from '@easel/shared/api-error-body';
import { newNonce, pageContentSecurityPolicy } from './lib/content-security-policy';
import { isCrossSiteRequest, isGuardedPath } from './lib/csrf';
import { getDb } from './lib/db';
import { pageExists } from './lib/page-exists';
import { SESSION_COOKIE } from './lib/session';
import { requestLimits } from './lib/rate-limits';
import { pageRequestHeaders } from './lib/request-path';
import { canonicalPath, routePath } from './lib/request-target';

/**
 * Every request but build assets and artwork pictures passes here.
 * - Every decision here is made on the path as the router reads it (lib/request-target.ts
 *   routePath), and the route is handed that same path: a path whose escapes would name
 *   something else is 400.
 * - JSON endpoints: a state-changing request from another site is refused (lib/csrf.ts), and
 *   an address over its limit is told to wait (lib/rate-limits.ts), here so that no route can
 *   forget either.
 * - Pages answer GET and HEAD only; any other method is 405 with `Allow: GET, HEAD`. An address that names nothing (an unknown work, artist or category) gets the not-found page, rendered on the server (lib/page-exists.ts);
 *   the rest are told the address they render for (lib/request-path.ts). Staff pages are
 *   not found by anyone but staff.
 * - Every answer gets its Content-Security-Policy: a page's with a fresh nonce
 *   (lib/content-security-policy.ts), the rest one that allows nothing. The other security
 *   headers, which are the same for every answer, are set in next.config.ts.
 */
export async function proxy(request: NextRequest) {
  const route = routePath(request.nextUrl.pathname);
  if (route.refusal !== undefined) {
    const refusal = apiError(400, 'invalid_parameter', `This address ${route.refusal}.`, 'path');
    refusal.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    return refusal;
  }
  const { path } = route;
  // The route that runs reads the same path as every guard and limit here: a path spelled
  // another way ('/api/account/%6cogin/') is handed on in its canonical form.
  const canonical = canonicalPath(path);
  const target = canonical === request.nextUrl.pathname ? undefined : new URL(`${canonical}${request.nextUrl.search}`, request.url);
  if (isGuardedPath(path)) {
    const refusal = isCrossSiteRequest(request, `${request.nextUrl.protocol}//${request.headers.get('host') ?? request.nextUrl.host}`)
      ? apiError(403, 'forbidden', 'This request came from another site and was refused.')
      : await requestLimits().check(request, path);
    const response = refusal ?? (target ? NextResponse.rewrite(target) : NextResponse.next());
    response.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    return response;
  }
  const policy = { 'Content-Security-Policy': pageContentSecurityPolicy(newNonce()) };
  // A page is read, never written to: any other method is refused before anything renders.
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new NextResponse(null, { status: 405, headers: { Allow: 'GET, HEAD', ...policy } });
  }
  let exists: boolean;
  try {
    exists = await pageExists(path, getDb, request.cookies.get(SESSION_COOKIE)?.value);
  } catch {
    // A database that cannot answer leaves the judgement to the page, which says not found or
    // unavailable itself.
    exists = true;
  }
  const headers = pageRequestHeaders(request, canonical, policy);
  const response = exists
    ? target ? NextResponse.rewrite(target, { request: { headers } }) : NextResponse.next({ request: { headers } })
    : NextResponse.rewrite(new URL('/not-found/', request.url), { request: { headers } });
  // The same policy on the answer, where the browser enforces it, as on the request, where
  // Next.js finds the nonce for its scripts.
  response.headers.set('Content-Security-Policy', policy['Content-Security-Policy']);
  return response;
}

export const config = {
  matcher: ['/((?!_next/|media/|favicon\\.ico).*)'],
};
