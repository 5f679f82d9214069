import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getProductBySlug } from '@easel/data/queries/product';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { ApiError } from '../api/errors';
import { query } from '../api/validate';
import { shipsToSchema, slugSchema } from '../request-params';
import { PAGE_DATA_CACHE } from './cache-control';
import { getSimilarIfSold, toProductData } from './product';

const querySchema = z.object({ slug: slugSchema, ships_to: shipsToSchema });

/**
 * GET /api/product/?slug=<slug>[&ships_to=US]: a product page's data (see product.ts); 400 for
 * a malformed slug, 404 for one no shopper can see. Shipping is quoted to `ships_to` rather
 * than the shopper's cookie, so one answer can be shared-cached per country.
 */
export const productRoutes = ({ getDb }: { getDb: () => Promise<Db> }) =>
  new Hono().get('/api/product/', query(querySchema), async (c) => {
    const { slug, ships_to } = c.req.valid('query');
    const db = await getDb();
    const product = await getProductBySlug(db, slug);
    if (!product) throw new ApiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
    const [rates, similar] = await Promise.all([getRateMatrix(db), getSimilarIfSold(db, product)]);
    return c.json(toProductData(product, { rates, ships_to, similar }), 200, { 'Cache-Control': PAGE_DATA_CACHE });
  });
