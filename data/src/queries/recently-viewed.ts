import type { Db } from '../db';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/** How many works a viewer's list keeps; older views are forgotten. */
export const RECENTLY_VIEWED_LIMIT = 20;

/**
 * Records that `viewer` (a user id, or a visitor's session hash) looked at the artwork with
 * this slug at `viewedAt`. Seeing a work again moves it to the front; beyond
 * RECENTLY_VIEWED_LIMIT the oldest views go. False when no shopper-visible work has the slug.
 */
export async function addRecentlyViewed(db: Db, viewer: string, slug: string, viewedAt: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const artwork = await trx.selectFrom('artworks').select('id').where('slug', '=', slug).where('status', '!=', 'hidden').executeTakeFirst();
    if (!artwork) return false;
    await trx
      .insertInto('recently_viewed')
      .values({ viewer, artwork_id: artwork.id, viewed_at: viewedAt })
      .onConflict((oc) => oc.columns(['viewer', 'artwork_id']).doUpdateSet({ viewed_at: viewedAt }))
      .execute();
    const kept = trx
      .selectFrom('recently_viewed')
      .select('artwork_id')
      .where('viewer', '=', viewer)
      .orderBy('viewed_at', 'desc')
      .orderBy('artwork_id', 'desc')
      .limit(RECENTLY_VIEWED_LIMIT);
    await trx.deleteFrom('recently_viewed').where('viewer', '=', viewer).where('artwork_id', 'not in', kept).execute();
    return true;
  });
}

/** The ids of the viewer's recently viewed works, newest first, hidden ones left out, at most `limit`. */
export async function getRecentlyViewedIds(db: Db, viewer: string, limit = RECENTLY_VIEWED_LIMIT): Promise<number[]> {
  const rows = await db
    .selectFrom('recently_viewed as r')
    .innerJoin('artworks as w', 'w.id', 'r.artwork_id')
    .select('w.id')
    .where('r.viewer', '=', viewer)
    .where('w.status', '!=', 'hidden')
    .orderBy('r.viewed_at', 'desc')
    .orderBy('r.artwork_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The viewer's recently viewed works, newest first, hidden ones left out. */
export async function getRecentlyViewed(db: Db, viewer: string): Promise<IndexableArtwork[]> {
  return getIndexableArtworksByIds(db, await getRecentlyViewedIds(db, viewer));
}
