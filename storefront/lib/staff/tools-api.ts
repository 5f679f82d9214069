import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getProductCurations, promoteArtwork, setProductCuration, type CurationKind } from '@easel/data/queries/staff';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { slugSchema } from '../request-params';
import { clearSharedHomepageData } from '../catalogue/shared-cache';
import { isStaff } from './access';

/**
 * The staff tools on a product (SPEC §1, §3, §6): themes (`/editors-picks/themes/`), campaigns
 * (`/dashboard/marketing/api/campaign/`) and promotion (`/api/marketing/promote/product/`).
 * Anyone who is not staff gets 403 `forbidden`, a visitor included: the answer is the same
 * whoever asks, so it says nothing about the tools beyond that they are not theirs.
 * Each change clears the homepage's shared sections, which themes and featured art feed.
 */

type Dependencies = { getDb: () => Promise<Db> };

const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** Anyone but staff is refused with 403 before anything else is read. */
const staffOnly = (getDb: () => Promise<Db>) =>
  createMiddleware(async (c, next) => {
    if (!(await isStaff(sessionCookie(c), getDb))) throw new ApiError(403, 'forbidden', 'Only staff may use this.');
    await next();
  });

const productQuerySchema = z.object({ product: slugSchema });

/** The change's body names the product and the theme or campaign by their slugs. */
const CURATION_BODIES: Record<CurationKind, z.ZodType<{ product: string; curation: string }, { product: string } & Partial<Record<CurationKind, string>>>> = {
  theme: z.strictObject({ product: slugSchema, theme: slugSchema }).transform((b) => ({ product: b.product, curation: b.theme })),
  campaign: z.strictObject({ product: slugSchema, campaign: slugSchema }).transform((b) => ({ product: b.product, curation: b.campaign })),
};

/** Where each kind of curation is answered. */
const CURATION_PATHS = { theme: '/editors-picks/themes/', campaign: '/dashboard/marketing/api/campaign/' } as const;

/**
 * A product's themes or campaigns, `{ results: [{ id_for_label, label, value }] }`: GET
 * `?product=<slug>` lists them; POST `{ product, theme|campaign }` sets `value` true, DELETE
 * sets it false, each answering the whole list as it now is.
 */
export const curationRoutes = (kind: CurationKind, { getDb }: Dependencies) => {
  const staff = staffOnly(getDb);
  const body = jsonObject(MAX_BODY_BYTES, `{ "product": "…", "${kind}": "…" }`);
  const schema = CURATION_BODIES[kind];
  return new Hono()
    .get(CURATION_PATHS[kind], staff, query(productQuerySchema), async (c) => {
      const { product } = c.req.valid('query');
      const results = await getProductCurations(await getDb(), kind, product);
      if (!results) throw new ApiError(404, 'not_found', `There is no artwork ${product}.`, 'product');
      return c.json({ results }, 200, PRIVATE);
    })
    .on(['POST', 'DELETE'], CURATION_PATHS[kind], staff, body, json(schema), async (c) => {
      const { product, curation } = c.req.valid('json');
      const db = await getDb();
      const results = await setProductCuration(db, kind, curation, product, c.req.method === 'POST');
      if (results === 'no_curation') throw new ApiError(404, 'not_found', `There is no ${kind} ${curation}.`, kind);
      if (results === 'no_artwork') throw new ApiError(404, 'not_found', `There is no artwork ${product}.`, 'product');
      await clearSharedHomepageData(db);
      return c.json({ results }, 200, PRIVATE);
    });
};

const promoteSchema = z.strictObject({ product: slugSchema });

/** POST /api/marketing/promote/product/ `{ product }`: raises the work above all others (see promoteArtwork); `{ slug, popularity }`. */
export const promoteRoutes = ({ getDb }: Dependencies) =>
  new Hono().post('/api/marketing/promote/product/', staffOnly(getDb), jsonObject(MAX_BODY_BYTES, '{ "product": "…" }'), json(promoteSchema), async (c) => {
    const { product } = c.req.valid('json');
    const db = await getDb();
    const promoted = await promoteArtwork(db, product, new Date().toISOString());
    if (!promoted) throw new ApiError(404, 'not_found', `There is no artwork ${product}.`, 'product');
    await clearSharedHomepageData(db);
    return c.json(promoted, 200, PRIVATE);
  });
