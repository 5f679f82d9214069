import type { NextRequest } from 'next/server';
import { parseLandingPath } from '../../../lib/gallery/location';
import { getPageSeo } from '../../../lib/gallery/seo';

/**
 * GET /shop/page-data/?path=/shop/painting/oil/ -> the landing page's SEO text (SPEC section 3).
 * Without `path`, the whole gallery's.
 */
export function GET(request: NextRequest): Response {
  const path = request.nextUrl.searchParams.get('path') ?? '/shop/';
  const match = /^\/shop\/((?:[a-z-]+\/){0,2})$/.exec(path);
  const landing = match ? parseLandingPath(match[1]!.split('/').filter(Boolean)) : null;
  if (!landing) {
    return Response.json(
      { error: { code: 'invalid_parameter', param: 'path', message: 'path must be a gallery landing page such as /shop/painting/oil/' } },
      { status: 400 },
    );
  }
  return Response.json(getPageSeo(landing), { headers: { 'cache-control': 'public, max-age=1800, stale-while-revalidate=21600' } });
}
