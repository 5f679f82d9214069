import { inTransaction, type Db } from '../db';
import { printSlug } from '@easel/shared/derive';

/**
 * Shoppers' own collections of works (SPEC §1, §3, §4). A collection belongs to one user and
 * its slug is unique among that user's collections; its counts are always counted from its
 * items, never kept beside them, so they cannot drift.
 */

/** A collection as its owner's lists show it. */
export interface Collection {
  id: number;
  slug: string;
  name: string;
  total_items: number;
}

/** One of the user's collections seen from a product: SPEC §3's staff list entry, with its name. */
export interface ProductCollection extends Collection {
  is_product_in_collection: boolean;
}

/** Long enough for any sensible name; the slug is cut shorter so URLs stay readable. */
export const MAX_COLLECTION_NAME_LENGTH = 80;
const MAX_COLLECTION_SLUG_LENGTH = 60;

/** 'Blue rooms, 2026' -> 'blue-rooms-2026'; 'Café' -> 'cafe'; a name with no Latin letters -> 'collection'. */
export function collectionSlugOf(name: string): string {
  const slug = printSlug(name.normalize('NFKD').replace(/\p{M}/gu, '')).slice(0, MAX_COLLECTION_SLUG_LENGTH).replace(/-$/, '');
  return slug || 'collection';
}

function collectionsOf(db: Db, userId: number) {
  return db
    .selectFrom('collections as c')
    .leftJoin('collection_items as i', 'i.collection_id', 'c.id')
    // Counted as the collection page lists them: a work taken off the site drops out of both.
    .leftJoin('artworks as w', (join) => join.onRef('w.id', '=', 'i.artwork_id').on('w.status', '!=', 'hidden'))
    .select((eb) => ['c.id', 'c.slug', 'c.name', eb.fn.count<number>('w.id').as('total_items')])
    .where('c.user_id', '=', userId)
    .groupBy('c.id');
}

/** The user's collections with their item counts, newest first. */
export async function getCollections(db: Db, userId: number): Promise<Collection[]> {
  return collectionsOf(db, userId).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
}

/** The user's collection with this slug, or undefined (another user's collection is not theirs to see). */
export async function getCollection(db: Db, userId: number, slug: string): Promise<Collection | undefined> {
  return collectionsOf(db, userId).where('c.slug', '=', slug).executeTakeFirst();
}

/**
 * A new collection for the user. Its slug comes from the name; a name the user already used
 * gets the next free number ('Blue rooms' again -> 'blue-rooms-2').
 */
export async function createCollection(db: Db, userId: number, name: string, now: string): Promise<Collection> {
  return inTransaction(db, async (trx) => {
    const base = collectionSlugOf(name);
    const taken = new Set(
      (await trx.selectFrom('collections').select('slug').where('user_id', '=', userId).where('slug', 'like', `${base}%`).execute()).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    const { id } = await trx.insertInto('collections').values({ user_id: userId, slug, name, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return { id, slug, name, total_items: 0 };
  });
}

/**
 * Gives the user's collection a new name; its slug stays, so the addresses already shared or
 * bookmarked keep working. Undefined when the user has no collection with that slug.
 */
export async function renameCollection(db: Db, userId: number, slug: string, name: string): Promise<Collection | undefined> {
  return inTransaction(db, async (trx) => {
    const renamed = await trx.updateTable('collections').set({ name }).where('user_id', '=', userId).where('slug', '=', slug).returning('id').executeTakeFirst();
    return renamed && collectionsOf(trx, userId).where('c.id', '=', renamed.id).executeTakeFirstOrThrow();
  });
}

/** Deletes the user's collection and its list of works (never the works); false when they have none with that slug. */
export async function deleteCollection(db: Db, userId: number, slug: string): Promise<boolean> {
  const deleted = await db.deleteFrom('collections').where('user_id', '=', userId).where('slug', '=', slug).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

/** The ids of a collection's works shoppers may see, most recently added first. */
export async function getCollectionArtworkIds(db: Db, collectionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('collection_items as i')
    .innerJoin('artworks as w', 'w.id', 'i.artwork_id')
    .select('w.id')
    .where('i.collection_id', '=', collectionId)
    .where('w.status', '!=', 'hidden')
    .orderBy('i.added_at', 'desc')
    .orderBy('i.artwork_id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** The id of the shopper-visible work with this slug, or undefined. */
export async function visibleArtworkId(db: Db, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('artworks').select('id').where('slug', '=', slug).where('status', '!=', 'hidden').executeTakeFirst())?.id;
}

/**
 * Each of the user's collections with whether it holds the work with this slug, newest first:
 * the product page's "Add to collection" menu and the staff panel's collections list.
 * Undefined when no shopper-visible work has the slug.
 */
export async function getProductCollections(db: Db, userId: number, artworkSlug: string): Promise<ProductCollection[] | undefined> {
  const artworkId = await visibleArtworkId(db, artworkSlug);
  if (artworkId === undefined) return undefined;
  const [collections, holding] = await Promise.all([
    getCollections(db, userId),
    db.selectFrom('collection_items as i').innerJoin('collections as c', 'c.id', 'i.collection_id')
      .select('c.id').where('c.user_id', '=', userId).where('i.artwork_id', '=', artworkId).execute(),
  ]);
  const holds = new Set(holding.map((r) => r.id));
  return collections.map((c) => ({ ...c, is_product_in_collection: holds.has(c.id) }));
}

export type CollectionItemChange = ProductCollection | 'no_collection' | 'no_artwork';

/**
 * Puts the work in the user's collection (`inCollection` true) or takes it out. Idempotent:
 * adding a work already there or removing one that is not changes nothing, so quick repeated
 * clicks cannot move the count by more than the truth. Answers the collection as it now is.
 */
export async function setCollectionItem(
  db: Db, userId: number, collectionSlug: string, artworkSlug: string, inCollection: boolean, now: string,
): Promise<CollectionItemChange> {
  return inTransaction(db, async (trx) => {
    const collection = await trx.selectFrom('collections').select('id').where('user_id', '=', userId).where('slug', '=', collectionSlug).executeTakeFirst();
    if (!collection) return 'no_collection';
    const artworkId = await visibleArtworkId(trx, artworkSlug);
    if (artworkId === undefined) return 'no_artwork';
    if (inCollection) {
      await trx.insertInto('collection_items').values({ collection_id: collection.id, artwork_id: artworkId, added_at: now })
        .onConflict((oc) => oc.doNothing()).execute();
    } else {
      await trx.deleteFrom('collection_items').where('collection_id', '=', collection.id).where('artwork_id', '=', artworkId).execute();
    }
    const updated = await collectionsOf(trx, userId).where('c.id', '=', collection.id).executeTakeFirstOrThrow();
    return { ...updated, is_product_in_collection: inCollection };
  });
}
