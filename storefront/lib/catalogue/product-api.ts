import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getProductBySlug } from '@easel/data/queries/product';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { apiError } from '../api-error';
import { answering, PAGE_DATA_CACHE, readQuery, shipsToSchema, slugSchema, type Handler } from './api';
import { getSimilarIfSold, toProductData } from './product';

const querySchema = z.object({ slug: slugSchema, ships_to: shipsToSchema });

/**
 * GET /api/product/?slug=<slug>[&ships_to=US]: a product page's data (see product.ts); 400 for
 * a malformed slug, 404 for one no shopper can see. Shipping is quoted to `ships_to` rather
 * than the shopper's cookie, so one answer can be shared-cached per country.
 */
export function createProductHandler({ getDb }: { getDb: () => Promise<Db> }): Handler {
  return answering('product', async (request) => {
    const query = readQuery(request, querySchema);
    if (query instanceof Response) return query;
    const db = await getDb();
    const product = await getProductBySlug(db, query.slug);
    if (!product) return apiError(404, 'not_found', `There is no artwork ${query.slug}.`, 'slug');
    const [rates, similar] = await Promise.all([
      getRateMatrix(db),
      getSimilarIfSold(db, product),
    ]);
    return NextResponse.json(toProductData(product, { rates, ships_to: query.ships_to, similar }), { headers: { 'Cache-Control': PAGE_DATA_CACHE } });
  });
}
