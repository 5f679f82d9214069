import { inTransaction, type Db } from '../db';
import { recordCatalogueChanges } from './change-log';

/** SPEC §3's product favourite entry. */
export interface FavouriteEntry {
  id: number;
  slug: string;
  artist_id: number;
  artist_slug: string;
}

/** The user's favourites, most recently added first; hidden works left out. */
export async function getFavourites(db: Db, userId: number): Promise<FavouriteEntry[]> {
  return db
    .selectFrom('favourites as f')
    .innerJoin('artworks as w', 'w.id', 'f.artwork_id')
    .innerJoin('artists as a', 'a.id', 'w.artist_id')
    .select(['w.id', 'w.slug', 'a.id as artist_id', 'a.slug as artist_slug'])
    .where('f.user_id', '=', userId)
    .where('w.status', '!=', 'hidden')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.artwork_id', 'desc')
    .execute();
}

export type FavouriteToggle = { favourited: boolean; favourite_count: number; entry: FavouriteEntry };

/**
 * Adds the work with this slug to the user's favourites if it is not there, removes it if it
 * is, and moves the work's favourite count by one with it, in one transaction, so quick
 * repeated toggles never let the count drift. Records the change for the search index (the
 * count is on its cards). Undefined when no shopper-visible work has the slug.
 */
export async function toggleFavourite(db: Db, userId: number, slug: string, now: string): Promise<FavouriteToggle | undefined> {
  return inTransaction(db, async (trx) => {
    const entry = await trx
      .selectFrom('artworks as w')
      .innerJoin('artists as a', 'a.id', 'w.artist_id')
      .select(['w.id', 'w.slug', 'a.id as artist_id', 'a.slug as artist_slug'])
      .where('w.slug', '=', slug)
      .where('w.status', '!=', 'hidden')
      .executeTakeFirst();
    if (!entry) return undefined;
    const removed = await trx.deleteFrom('favourites').where('user_id', '=', userId).where('artwork_id', '=', entry.id).executeTakeFirst();
    const favourited = removed.numDeletedRows === 0n;
    if (favourited) await trx.insertInto('favourites').values({ user_id: userId, artwork_id: entry.id, created_at: now }).execute();
    const { favourite_count } = await trx
      .updateTable('artworks')
      .set((eb) => ({ favourite_count: eb('favourite_count', favourited ? '+' : '-', 1) }))
      .where('id', '=', entry.id)
      .returning('favourite_count')
      .executeTakeFirstOrThrow();
    await recordCatalogueChanges(trx, [entry.id], now);
    return { favourited, favourite_count, entry };
  });
}

/** Whether the work is among the user's favourites. */
export async function isFavourite(db: Db, userId: number, artworkId: number): Promise<boolean> {
  return (await db.selectFrom('favourites').select('artwork_id').where('user_id', '=', userId).where('artwork_id', '=', artworkId).executeTakeFirst()) !== undefined;
}
