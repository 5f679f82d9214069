import { sql, type Transaction } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { Database } from '../schema';
import { countArtworkEvent } from './artwork-counts';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/** How many works a viewer's list keeps; older views are forgotten. */
export const RECENTLY_VIEWED_LIMIT = 20;

/**
 * Records that `viewer` (a user id, or a visitor's session hash) looked at the artwork with
 * this slug at `viewedAt`. Seeing a work again moves it to the front; beyond
 * RECENTLY_VIEWED_LIMIT the oldest views go. False when no shopper-visible work has the slug.
 */
export async function addRecentlyViewed(db: Db, viewer: string, slug: string, viewedAt: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const artwork = await trx.selectFrom('artworks').select('id').where('slug', '=', slug).where('status', '!=', 'hidden').executeTakeFirst();
    if (!artwork) return false;
    await trx
      .insertInto('recently_viewed')
      .values({ viewer, artwork_id: artwork.id, viewed_at: viewedAt })
      .onConflict((oc) => oc.columns(['viewer', 'artwork_id']).doUpdateSet({ viewed_at: viewedAt }))
      .execute();
    await countArtworkEvent(trx, artwork.id, 'views');
    await forgetOldest(trx, viewer);
    return true;
  });
}

/**
 * Moves a visitor's list (keyed by their session hash) to `to` when they sign in, inside the
 * caller's transaction: a work on both lists keeps its latest view, and the merged list keeps
 * RECENTLY_VIEWED_LIMIT works.
 */
export async function moveRecentlyViewed(trx: Transaction<Database>, from: string, to: string): Promise<void> {
  await trx
    .insertInto('recently_viewed')
    .columns(['viewer', 'artwork_id', 'viewed_at'])
    .expression((eb) => eb.selectFrom('recently_viewed').select([eb.val(to).as('viewer'), 'artwork_id', 'viewed_at']).where('viewer', '=', from))
    .onConflict((oc) => oc.columns(['viewer', 'artwork_id']).doUpdateSet({ viewed_at: sql`CASE WHEN excluded.viewed_at > recently_viewed.viewed_at THEN excluded.viewed_at ELSE recently_viewed.viewed_at END` }))
    .execute();
  await trx.deleteFrom('recently_viewed').where('viewer', '=', from).execute();
  await forgetOldest(trx, to);
}

/** Beyond RECENTLY_VIEWED_LIMIT a viewer's oldest views go. */
async function forgetOldest(trx: Transaction<Database>, viewer: string): Promise<void> {
  const kept = trx
    .selectFrom('recently_viewed')
    .select('artwork_id')
    .where('viewer', '=', viewer)
    .orderBy('viewed_at', 'desc')
    .orderBy('artwork_id', 'desc')
    .limit(RECENTLY_VIEWED_LIMIT);
  await trx.deleteFrom('recently_viewed').where('viewer', '=', viewer).where('artwork_id', 'not in', kept).execute();
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
