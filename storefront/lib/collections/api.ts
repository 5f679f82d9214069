import { Hono, type Context, type Env } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import {
  createCollection, deleteCollection, getCollections, getProductCollections, MAX_COLLECTION_NAME_LENGTH, renameCollection, setCollectionItem,
} from '@easel/data/queries/collections';
import { signedInUserId } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { shipsToSchema, slugSchema } from '../request-params';
import { forgetCollectionView, loadCollectionView } from './collection-view';

/**
 * A signed-in shopper's collections (SPEC §1, §3, §4): `/collections/api/` (list, create,
 * rename, delete), `/collections/api/items/` (add or remove a work) and `/api/v2/collection/` (one collection's
 * works). Reading the list answers an empty one for a visitor, so the product page's menu
 * renders for everyone; anything else needs an account (401 `not_signed_in`, which the page
 * answers with the login overlay). Another user's collection answers 404, as if it did not exist.
 */

type Dependencies = { getDb: () => Promise<Db> };

const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'private, no-store' };


const listQuerySchema = z.object({ product: z.optional(slugSchema) });
/**
 * C0 and C1 control characters (NUL, line breaks, escapes) and the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a name read differently from
 * what it holds.
 */
const UNPRINTABLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
/** Half of a UTF-16 surrogate pair standing alone: no character at all, and not storable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;

/** A collection's name: printable, well-formed text. */
const nameSchema = z
  .string({ error: 'is required' })
  .refine((name) => !LONE_SURROGATE.test(name), 'holds a broken character; please type it again')
  .refine((name) => !UNPRINTABLE.test(name), 'must not hold control or text-direction characters')
  .trim()
  .min(1, 'is required')
  .max(MAX_COLLECTION_NAME_LENGTH, `must be at most ${MAX_COLLECTION_NAME_LENGTH} characters`);
const createSchema = z.strictObject({ name: nameSchema });
const renameSchema = z.strictObject({ collection: slugSchema, name: nameSchema });
const deleteSchema = z.strictObject({ collection: slugSchema });
const itemSchema = z.strictObject({ collection: slugSchema, product: slugSchema });
const collectionQuerySchema = z.object({ slug: slugSchema, ships_to: shipsToSchema });

export const collectionsRoutes = ({ getDb }: Dependencies) => {
  const body = (example: string) => jsonObject(MAX_BODY_BYTES, example);
  const itemBody = body('{ "collection": "…", "product": "…" }');
  /**
   * `/collections/api/items/` with `{ "collection", "product" }`: POST puts the work in the
   * collection, DELETE takes it out, both idempotently; each answers the collection as it now is,
   * `{ id, slug, name, total_items, is_product_in_collection }`.
   */
  const changeItem = (inCollection: boolean) => async (c: Context<Env, string, { out: { json: z.output<typeof itemSchema> } }>) => {
    const { collection, product } = c.req.valid('json');
    const userId = await signedInUserId(c, getDb);
    if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to keep works in collections.');
    const db = await getDb();
    const changed = await setCollectionItem(db, userId, collection, product, inCollection, new Date().toISOString());
    if (changed === 'no_collection') throw new ApiError(404, 'not_found', `You have no collection ${collection}.`, 'collection');
    if (changed === 'no_artwork') throw new ApiError(404, 'not_found', `There is no artwork ${product}.`, 'product');
    await forgetCollectionView(db, userId, collection);
    return c.json(changed, 200, PRIVATE);
  };

  return new Hono()
    /**
     * `{ results: [{ id, slug, name, total_items }] }`, newest first; with `?product=<slug>`
     * each also says `is_product_in_collection` (the product's collections list).
     */
    .get('/collections/api/', query(listQuerySchema), async (c) => {
      const { product } = c.req.valid('query');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) return c.json({ results: [] }, 200, PRIVATE);
      const db = await getDb();
      if (product === undefined) return c.json({ results: await getCollections(db, userId) }, 200, PRIVATE);
      const results = await getProductCollections(db, userId, product);
      if (!results) throw new ApiError(404, 'not_found', `There is no artwork ${product}.`, 'product');
      return c.json({ results }, 200, PRIVATE);
    })
    /** Body `{ "name": "…" }`: 201 with the new collection, `{ collection: { id, slug, name, total_items } }`. */
    .post('/collections/api/', body('{ "name": "…" }'), json(createSchema), async (c) => {
      const { name } = c.req.valid('json');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to make a collection.');
      const db = await getDb();
      const collection = await createCollection(db, userId, name, new Date().toISOString());
      await forgetCollectionView(db, userId, collection.slug);
      return c.json({ collection }, 201, PRIVATE);
    })
    /** Body `{ "collection": "<slug>", "name": "…" }`: the owner's collection renamed, `{ collection }`; its slug stays. */
    .patch('/collections/api/', body('{ "collection": "…", "name": "…" }'), json(renameSchema), async (c) => {
      const { collection: slug, name } = c.req.valid('json');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to rename a collection.');
      const db = await getDb();
      const collection = await renameCollection(db, userId, slug, name);
      if (!collection) throw new ApiError(404, 'not_found', `You have no collection ${slug}.`, 'collection');
      await forgetCollectionView(db, userId, slug);
      return c.json({ collection }, 200, PRIVATE);
    })
    /** Body `{ "collection": "<slug>" }`: deletes the owner's collection (the works stay on sale); 204. */
    .delete('/collections/api/', body('{ "collection": "…" }'), json(deleteSchema), async (c) => {
      const { collection: slug } = c.req.valid('json');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to delete a collection.');
      const db = await getDb();
      if (!(await deleteCollection(db, userId, slug))) throw new ApiError(404, 'not_found', `You have no collection ${slug}.`, 'collection');
      await forgetCollectionView(db, userId, slug);
      return c.body(null, 204, PRIVATE);
    })
    .post('/collections/api/items/', itemBody, json(itemSchema), changeItem(true))
    .delete('/collections/api/items/', itemBody, json(itemSchema), changeItem(false))
    /**
     * GET /api/v2/collection/?slug=<slug>[&ships_to=US]: the owner's collection and its works,
     * `{ collection, results: ProductCard[] }`, each card's `ships_free` for `ships_to` (GB when absent).
     */
    .get('/api/v2/collection/', query(collectionQuerySchema), async (c) => {
      const { slug, ships_to } = c.req.valid('query');
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to see your collections.');
      const view = await loadCollectionView(await getDb(), userId, slug, ships_to);
      if (!view) throw new ApiError(404, 'not_found', `You have no collection ${slug}.`, 'slug');
      return c.json(view, 200, PRIVATE);
    });
};
