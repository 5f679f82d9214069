import { inTransaction, type Db } from '../db';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/** The slugs of the artists the user follows, most recently followed first. */
export async function getFollowedArtistSlugs(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('follows as f')
    .innerJoin('artists as a', 'a.id', 'f.artist_id')
    .select('a.slug')
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.artist_id', 'desc')
    .execute();
  return rows.map((r) => r.slug);
}

export type FollowToggle = { following: boolean; follower_count: number; artist_slug: string };

/**
 * Follows the artist with this slug if the user does not yet, unfollows if they do, in one
 * transaction; answers the new state and the artist's follower count, counted from the follows
 * themselves so it never drifts. Undefined for an unknown artist.
 */
export async function toggleFollow(db: Db, userId: number, artistSlug: string, now: string): Promise<FollowToggle | undefined> {
  return inTransaction(db, async (trx) => {
    const artist = await trx.selectFrom('artists').select('id').where('slug', '=', artistSlug).executeTakeFirst();
    if (!artist) return undefined;
    const removed = await trx.deleteFrom('follows').where('user_id', '=', userId).where('artist_id', '=', artist.id).executeTakeFirst();
    const following = removed.numDeletedRows === 0n;
    if (following) await trx.insertInto('follows').values({ user_id: userId, artist_id: artist.id, created_at: now }).execute();
    const { n } = await trx.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('artist_id', '=', artist.id).executeTakeFirstOrThrow();
    return { following, follower_count: Number(n), artist_slug: artistSlug };
  });
}

/** Whether the user follows the artist. */
export async function isFollowing(db: Db, userId: number, artistId: number): Promise<boolean> {
  return (await db.selectFrom('follows').select('artist_id').where('user_id', '=', userId).where('artist_id', '=', artistId).executeTakeFirst()) !== undefined;
}

/** The newest available works by the artists the user follows, newest first, at most `limit`. */
export async function getNewWorksByFollowedArtists(db: Db, userId: number, limit: number): Promise<IndexableArtwork[]> {
  const rows = await db
    .selectFrom('artworks as w')
    .innerJoin('follows as f', 'f.artist_id', 'w.artist_id')
    .select('w.id')
    .where('f.user_id', '=', userId)
    .where('w.status', '=', 'available')
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(limit)
    .execute();
  return getIndexableArtworksByIds(db, rows.map((r) => r.id));
}
