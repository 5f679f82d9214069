import { Hono } from 'hono';
import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import type { Db } from '@easel/data/db';
import { getProductBySlug } from '@easel/data/queries/product';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { query } from '../api/validate';
import { shipsToQuerySchema, slugSchema } from '../request-params';
import { getViewer } from '../session';
import { HOMEPAGE_CACHE, PAGE_DATA_CACHE } from './cache-control';
import { loadBanner, loadEditorsPicks, loadFeaturedArt, loadRecommendations } from './home';

/** The homepage's own endpoints; each answers what the page's section of the same name shows. */

type Dependencies = { getDb: () => Promise<Db> };

/** SPEC §9: editors' picks are cached for 2 hours. */
const EDITORS_PICKS_CACHE = 'public, max-age=7200';


const recommendationsQuerySchema = z.object({
  currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }).default('GBP'),
  units: z.enum(['cm', 'in'], { error: 'must be cm or in' }).default('cm'),
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).default('en-gb'),
  product: z.optional(slugSchema),
});

/**
 * The homepage's sections:
 * - GET /api/v2/collections: the editors' picks in staff order, `{ results: [{ id, title, slug, artworks: ProductCard[] }] }`.
 * - GET /api/v2/featured-art/: the works staff feature, `{ results: ProductCard[] }`.
 * - GET /api/v2/homepage/banner/: the hero banner, whole (see BannerData); 404 when staff have set none.
 * - GET /api/v2/recommendations/?currency=GBP&units=cm&language=en-gb[&product=<slug>]: SPEC §3's
 *   recommendations, `{ id, order, recommendations: { [original id]: { title, url, photo, … } } }`.
 *   With `product`, works like it (shared-cached as its page); without, works like what this
 *   shopper looked at last (private).
 */
export const homeRoutes = ({ getDb }: Dependencies) =>
  new Hono()
    .get('/api/v2/collections/', query(shipsToQuerySchema), async (c) =>
      c.json(await loadEditorsPicks(await getDb(), c.req.valid('query').ships_to), 200, { 'Cache-Control': EDITORS_PICKS_CACHE }))
    .get('/api/v2/featured-art/', query(shipsToQuerySchema), async (c) =>
      c.json(await loadFeaturedArt(await getDb(), c.req.valid('query').ships_to), 200, { 'Cache-Control': HOMEPAGE_CACHE }))
    .get('/api/v2/homepage/banner/', async (c) => {
      const banner = await loadBanner(await getDb());
      if (!banner) throw new ApiError(404, 'not_found', 'There is no homepage banner.');
      return c.json(banner, 200, { 'Cache-Control': HOMEPAGE_CACHE });
    })
    .get('/api/v2/recommendations/', query(recommendationsQuerySchema), async (c) => {
      const { currency, units, language, product: slug } = c.req.valid('query');
      const db = await getDb();
      if (slug) {
        const product = await getProductBySlug(db, slug);
        if (!product) throw new ApiError(404, 'not_found', `There is no artwork ${slug}.`, 'product');
        return c.json(await loadRecommendations(db, { product, viewer: null, currency, units, language }), 200, { 'Cache-Control': PAGE_DATA_CACHE });
      }
      const viewer = await getViewer(sessionCookie(c), getDb);
      return c.json(await loadRecommendations(db, { viewer, currency, units, language }), 200, { 'Cache-Control': 'private, no-store' });
    });
