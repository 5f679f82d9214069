import { sql } from 'kysely';
import type { Db } from '../db';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';

/**
 * Who could own a picture drawn from `seed`: the artworks with an image of that seed, or with no
 * images at all and that id (their card is drawn from the work itself), and whether an artist's
 * avatar is drawn from it. Indexed both ways (migration 0015).
 */
export async function getPictureOwners(db: Db, seed: number): Promise<{ artworks: IndexableArtwork[]; avatar: boolean }> {
  const [ids, avatar] = await Promise.all([
    db.selectFrom('artwork_images').select('artwork_id as id').where('seed', '=', seed)
      .union(db.selectFrom('artworks as w').select('w.id').where('w.id', '=', seed)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('artwork_images as i').select(sql`1`.as('one')).whereRef('i.artwork_id', '=', 'w.id')))))
      .execute(),
    db.selectFrom('artists').select('id').where('avatar_seed', '=', seed).limit(1).executeTakeFirst(),
  ]);
  return { artworks: await getIndexableArtworksByIds(db, ids.map((r) => r.id)), avatar: avatar !== undefined };
}
