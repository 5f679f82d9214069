import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getProductCurations, promoteArtwork, setProductCuration, type CurationKind } from '@easel/data/queries/staff';
import { apiError } from '../api-error';
import { answering, readQuery, slugSchema, type Handler } from '../catalogue/api';
import { clearSharedHomepageData } from '../catalogue/shared-cache';
import { readJsonBody } from '../read-body';
import { SESSION_COOKIE } from '../session';
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

/** The 403 answer for anyone but staff, or null for staff. */
async function refuseAllButStaff(request: NextRequest, getDb: () => Promise<Db>): Promise<Response | null> {
  return (await isStaff(request.cookies.get(SESSION_COOKIE)?.value, getDb)) ? null : apiError(403, 'forbidden', 'Only staff may use this.');
}

const productQuerySchema = z.object({ product: slugSchema });

/** The change's body names the product and the theme or campaign by their slugs. */
const CURATION_BODIES = {
  theme: z.strictObject({ product: slugSchema, theme: slugSchema }).transform((b) => ({ product: b.product, curation: b.theme })),
  campaign: z.strictObject({ product: slugSchema, campaign: slugSchema }).transform((b) => ({ product: b.product, curation: b.campaign })),
} as const;

/**
 * A product's themes or campaigns, `{ results: [{ id_for_label, label, value }] }`: GET
 * `?product=<slug>` lists them; POST `{ product, theme|campaign }` sets `value` true, DELETE
 * sets it false, each answering the whole list as it now is.
 */
export function createCurationHandlers(kind: CurationKind, { getDb }: Dependencies): { GET: Handler; POST: Handler; DELETE: Handler } {
  const name = kind === 'theme' ? 'themes' : 'campaigns';
  const example = `{ "product": "…", "${kind}": "…" }`;
  const change = (value: boolean): Handler => answering(name, async (request) => {
    const refusal = await refuseAllButStaff(request, getDb);
    if (refusal) return refusal;
    const body = await readJsonBody(request, CURATION_BODIES[kind], MAX_BODY_BYTES, example);
    if (body instanceof Response) return body;
    const db = await getDb();
    const results = await setProductCuration(db, kind, body.curation, body.product, value);
    if (results === 'no_curation') return apiError(404, 'not_found', `There is no ${kind} ${body.curation}.`, kind);
    if (results === 'no_artwork') return apiError(404, 'not_found', `There is no artwork ${body.product}.`, 'product');
    await clearSharedHomepageData(db);
    return NextResponse.json({ results }, { headers: PRIVATE });
  });
  return {
    GET: answering(name, async (request) => {
      const refusal = await refuseAllButStaff(request, getDb);
      if (refusal) return refusal;
      const query = readQuery(request, productQuerySchema);
      if (query instanceof Response) return query;
      const results = await getProductCurations(await getDb(), kind, query.product);
      if (!results) return apiError(404, 'not_found', `There is no artwork ${query.product}.`, 'product');
      return NextResponse.json({ results }, { headers: PRIVATE });
    }),
    POST: change(true),
    DELETE: change(false),
  };
}

const promoteSchema = z.strictObject({ product: slugSchema });

/** POST /api/marketing/promote/product/ `{ product }`: raises the work above all others (see promoteArtwork); `{ slug, popularity }`. */
export function createPromoteHandler({ getDb }: Dependencies): Handler {
  return answering('promotion', async (request) => {
    const refusal = await refuseAllButStaff(request, getDb);
    if (refusal) return refusal;
    const body = await readJsonBody(request, promoteSchema, MAX_BODY_BYTES, '{ "product": "…" }');
    if (body instanceof Response) return body;
    const db = await getDb();
    const promoted = await promoteArtwork(db, body.product, new Date().toISOString());
    if (!promoted) return apiError(404, 'not_found', `There is no artwork ${body.product}.`, 'product');
    await clearSharedHomepageData(db);
    return NextResponse.json(promoted, { headers: PRIVATE });
  });
}
