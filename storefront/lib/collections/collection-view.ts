import type { Db } from '@easel/data/db';
import { getCollection, getCollectionArtworkIds, type Collection } from '@easel/data/queries/collections';
import { getIndexableArtworksByIds, getRateMatrix, type IndexableArtwork } from '@easel/data/queries/search-source';
import type { RateMatrix } from '@easel/shared/currency';
import type { ProductCard } from '@easel/search-service/contract';
import { artworkToProductCard } from '../catalogue/cards';
import { bumpCacheGeneration } from '@easel/data/queries/cache-generations';
import { generationalCache, loaderCache } from '../process-wide';

/**
 * A collection with its works as product cards (`/api/v2/collection/` and its page), their free
 * shipping judged for `ships_to` (GB when absent), or null when its owner has no collection with
 * that slug. SPEC §4's "cached list for that slug": the collection and its works are kept in
 * this process per owner and slug for a minute, and forgotten whenever that
 * slug's collection is created or its items change: here at once, so its owner never sees it
 * stale here, and on the other replicas within a second (generationalCache). A missing slug is
 * cached too, which is why creating a collection must forget its slug.
 */

export interface CollectionView {
  collection: Collection;
  results: ProductCard[];
}

const TTL_MS = 60 * 1000;

interface CollectionWorks {
  collection: Collection;
  artworks: IndexableArtwork[];
  rates: RateMatrix;
}

const cacheOf = (db: Db) => generationalCache(db, 'collections', () => loaderCache<{ works: CollectionWorks | null }>({ max: 500, ttl: TTL_MS }));

const keyOf = (userId: number, slug: string) => `${userId}:${slug}`;

async function readCollectionWorks(db: Db, userId: number, slug: string): Promise<{ works: CollectionWorks | null }> {
  const collection = await getCollection(db, userId, slug);
  if (!collection) return { works: null };
  const [artworks, rates] = await Promise.all([getIndexableArtworksByIds(db, await getCollectionArtworkIds(db, collection.id)), getRateMatrix(db)]);
  return { works: { collection, artworks, rates } };
}

export async function loadCollectionView(db: Db, userId: number, slug: string, ships_to: string | undefined): Promise<CollectionView | null> {
  const works = (await (await cacheOf(db)).fetch(keyOf(userId, slug), { context: () => readCollectionWorks(db, userId, slug) }))?.works;
  return works ? { collection: works.collection, results: works.artworks.map((w) => artworkToProductCard(w, works.rates, { ships_to })) } : null;
}

/** Drops the cached answer for the owner's slug: after creating that collection or changing its items. */
export async function forgetCollectionView(db: Db, userId: number, slug: string): Promise<void> {
  await bumpCacheGeneration(db, 'collections');
  (await cacheOf(db)).delete(keyOf(userId, slug));
}
