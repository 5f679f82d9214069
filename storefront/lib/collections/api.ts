import { NextResponse } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import {
  createCollection, getCollections, getProductCollections, MAX_COLLECTION_NAME_LENGTH, setCollectionItem,
} from '@easel/data/queries/collections';
import { apiError } from '../api-error';
import { answering, readQuery, slugSchema, type Handler } from '../catalogue/api';
import { readJsonBody } from '../read-body';
import { requestUserId } from '../session';
import { forgetCollectionView, loadCollectionView } from './collection-view';

/**
 * A signed-in shopper's collections (SPEC §1, §3, §4): `/collections/api/` (list, create),
 * `/collections/api/items/` (add or remove a work) and `/api/v2/collection/` (one collection's
 * works). Reading the list answers an empty one for a visitor, so the product page's menu
 * renders for everyone; anything else needs an account (401 `not_signed_in`, which the page
 * answers with the login overlay). Another user's collection answers 404, as if it did not exist.
 */

type Dependencies = { getDb: () => Promise<Db> };

const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'private, no-store' };


const listQuerySchema = z.object({ product: slugSchema.optional() });
const createSchema = z.strictObject({
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(MAX_COLLECTION_NAME_LENGTH, `must be at most ${MAX_COLLECTION_NAME_LENGTH} characters`),
});
const itemSchema = z.strictObject({ collection: slugSchema, product: slugSchema });
const collectionQuerySchema = z.object({ slug: slugSchema });

export function createCollectionsHandlers({ getDb }: Dependencies): { GET: Handler; POST: Handler } {
  return {
    /**
     * `{ results: [{ id, slug, name, total_items }] }`, newest first; with `?product=<slug>`
     * each also says `is_product_in_collection` (the product's collections list).
     */
    GET: answering('collections', async (request) => {
      const query = readQuery(request, listQuerySchema);
      if (query instanceof Response) return query;
      const userId = await requestUserId(request, getDb);
      if (userId === null) return NextResponse.json({ results: [] }, { headers: PRIVATE });
      const db = await getDb();
      if (query.product === undefined) return NextResponse.json({ results: await getCollections(db, userId) }, { headers: PRIVATE });
      const results = await getProductCollections(db, userId, query.product);
      if (!results) return apiError(404, 'not_found', `There is no artwork ${query.product}.`, 'product');
      return NextResponse.json({ results }, { headers: PRIVATE });
    }),
    /** Body `{ "name": "…" }`: 201 with the new collection, `{ collection: { id, slug, name, total_items } }`. */
    POST: answering('collections', async (request) => {
      const body = await readJsonBody(request, createSchema, MAX_BODY_BYTES, '{ "name": "…" }');
      if (body instanceof Response) return body;
      const userId = await requestUserId(request, getDb);
      if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to make a collection.');
      const db = await getDb();
      const collection = await createCollection(db, userId, body.name, new Date().toISOString());
      await forgetCollectionView(db, userId, collection.slug);
      return NextResponse.json({ collection }, { status: 201, headers: PRIVATE });
    }),
  };
}

/**
 * `/collections/api/items/` with `{ "collection", "product" }`: POST puts the work in the
 * collection, DELETE takes it out, both idempotently; each answers the collection as it now is,
 * `{ id, slug, name, total_items, is_product_in_collection }`.
 */
export function createCollectionItemHandlers({ getDb }: Dependencies): { POST: Handler; DELETE: Handler } {
  const change = (inCollection: boolean): Handler => answering('collection items', async (request) => {
    const body = await readJsonBody(request, itemSchema, MAX_BODY_BYTES, '{ "collection": "…", "product": "…" }');
    if (body instanceof Response) return body;
    const userId = await requestUserId(request, getDb);
    if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to keep works in collections.');
    const db = await getDb();
    const changed = await setCollectionItem(db, userId, body.collection, body.product, inCollection, new Date().toISOString());
    if (changed === 'no_collection') return apiError(404, 'not_found', `You have no collection ${body.collection}.`, 'collection');
    if (changed === 'no_artwork') return apiError(404, 'not_found', `There is no artwork ${body.product}.`, 'product');
    await forgetCollectionView(db, userId, body.collection);
    return NextResponse.json(changed, { headers: PRIVATE });
  });
  return { POST: change(true), DELETE: change(false) };
}

/** GET /api/v2/collection/?slug=<slug>: the owner's collection and its works, `{ collection, results: ProductCard[] }`. */
export function createCollectionHandler({ getDb }: Dependencies): Handler {
  return answering('collection', async (request) => {
    const query = readQuery(request, collectionQuerySchema);
    if (query instanceof Response) return query;
    const userId = await requestUserId(request, getDb);
    if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to see your collections.');
    const view = await loadCollectionView(await getDb(), userId, query.slug);
    if (!view) return apiError(404, 'not_found', `You have no collection ${query.slug}.`, 'slug');
    return NextResponse.json(view, { headers: PRIVATE });
  });
}
