import type { Db } from '@easel/data/db';
import { getCollection, getCollectionArtworkIds, type Collection } from '@easel/data/queries/collections';
import { getIndexableArtworksByIds, getRateMatrix } from '@easel/data/queries/search-source';
import type { ProductCard } from '@easel/search-service/contract';
import { artworkToProductCard } from '../catalogue/cards';
import { bumpCacheGeneration } from '@easel/data/queries/cache-generations';
import { generationalCache, loaderCache } from '../process-wide';

/**
 * A collection with its works as product cards (`/api/v2/collection/` and its page), or null
 * when its owner has no collection with that slug. SPEC §4's "cached list for that slug": the
 * answer is kept in this process per owner and slug for a minute, and forgotten whenever that
 * slug's collection is created or its items change: here at once, so its owner never sees it
 * stale here, and on the other replicas within a second (generationalCache). A missing slug is
 * cached too, which is why creating a collection must forget its slug.
 */

export interface CollectionView {
  collection: Collection;
  results: ProductCard[];
}

const TTL_MS = 60 * 1000;

const cacheOf = (db: Db) => generationalCache(db, 'collections', () => loaderCache<{ view: CollectionView | null }>({ max: 500, ttl: TTL_MS }));

const keyOf = (userId: number, slug: string) => `${userId}:${slug}`;

async function readCollectionView(db: Db, userId: number, slug: string): Promise<{ view: CollectionView | null }> {
  const collection = await getCollection(db, userId, slug);
  if (!collection) return { view: null };
  const [artworks, rates] = await Promise.all([getIndexableArtworksByIds(db, await getCollectionArtworkIds(db, collection.id)), getRateMatrix(db)]);
  return { view: { collection, results: artworks.map((w) => artworkToProductCard(w, rates, {})) } };
}

export async function loadCollectionView(db: Db, userId: number, slug: string): Promise<CollectionView | null> {
  const entry = await (await cacheOf(db)).fetch(keyOf(userId, slug), { context: () => readCollectionView(db, userId, slug) });
  return entry?.view ?? null;
}

/** Drops the cached answer for the owner's slug: after creating that collection or changing its items. */
export async function forgetCollectionView(db: Db, userId: number, slug: string): Promise<void> {
  await bumpCacheGeneration(db, 'collections');
  (await cacheOf(db)).delete(keyOf(userId, slug));
}
