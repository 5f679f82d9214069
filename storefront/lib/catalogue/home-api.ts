import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getProductBySlug } from '@easel/data/queries/product';
import { CURRENCIES } from '@easel/data/vocabulary';
import { apiError } from '../api-error';
import { getViewer, SESSION_COOKIE } from '../session';
import { answering, HOMEPAGE_CACHE, PAGE_DATA_CACHE, readQuery, shipsToSchema, slugSchema, type Handler } from './api';
import { loadBanner, loadEditorsPicks, loadFeaturedArt, loadRecommendations } from './home';

/** The homepage's own endpoints; each answers what the page's section of the same name shows. */

type Dependencies = { getDb: () => Promise<Db> };

/** SPEC §9: editors' picks are cached for 2 hours. */
const EDITORS_PICKS_CACHE = 'public, max-age=7200';

const shipsToQuerySchema = z.object({ ships_to: shipsToSchema });

/** GET /api/v2/collections: the editors' picks in staff order, `{ results: [{ id, title, slug, artworks: ProductCard[] }] }`. */
export function createEditorsPicksHandler({ getDb }: Dependencies): Handler {
  return answering('editors picks', async (request) => {
    const query = readQuery(request, shipsToQuerySchema);
    if (query instanceof Response) return query;
    return NextResponse.json(await loadEditorsPicks(await getDb(), query.ships_to), { headers: { 'Cache-Control': EDITORS_PICKS_CACHE } });
  });
}

/** GET /api/v2/featured-art/: the works staff feature, `{ results: ProductCard[] }`. */
export function createFeaturedArtHandler({ getDb }: Dependencies): Handler {
  return answering('featured art', async (request) => {
    const query = readQuery(request, shipsToQuerySchema);
    if (query instanceof Response) return query;
    return NextResponse.json(await loadFeaturedArt(await getDb(), query.ships_to), { headers: { 'Cache-Control': HOMEPAGE_CACHE } });
  });
}

/** GET /api/v2/homepage/banner/: the hero banner, whole (see BannerData); 404 when staff have set none. */
export function createHomepageBannerHandler({ getDb }: Dependencies): Handler {
  return answering('homepage banner', async () => {
    const banner = await loadBanner(await getDb());
    if (!banner) return apiError(404, 'not_found', 'There is no homepage banner.');
    return NextResponse.json(banner, { headers: { 'Cache-Control': HOMEPAGE_CACHE } });
  });
}

const recommendationsQuerySchema = z.object({
  currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }).default('GBP'),
  units: z.enum(['cm', 'in'], { error: 'must be cm or in' }).default('cm'),
  product: slugSchema.optional(),
});

/**
 * GET /api/v2/recommendations/?currency=GBP&units=cm[&product=<slug>]: SPEC §3's
 * recommendations, `{ id, order, recommendations: { [original id]: { title, url, photo, … } } }`.
 * With `product`, works like it (shared-cached as its page); without, works like what this
 * shopper looked at last (private).
 */
export function createRecommendationsHandler({ getDb }: Dependencies): Handler {
  return answering('recommendations', async (request) => {
    const query = readQuery(request, recommendationsQuerySchema);
    if (query instanceof Response) return query;
    const db = await getDb();
    const { currency, units } = query;
    if (query.product) {
      const product = await getProductBySlug(db, query.product);
      if (!product) return apiError(404, 'not_found', `There is no artwork ${query.product}.`, 'product');
      const body = await loadRecommendations(db, { product, viewer: null, currency, units });
      return NextResponse.json(body, { headers: { 'Cache-Control': PAGE_DATA_CACHE } });
    }
    const viewer = await getViewer(request.cookies.get(SESSION_COOKIE)?.value, getDb);
    return NextResponse.json(await loadRecommendations(db, { viewer, currency, units }), { headers: { 'Cache-Control': 'private, no-store' } });
  });
}
