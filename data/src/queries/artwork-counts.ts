import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * What shoppers did with a work, counted for its artist: a view of its page (as recently viewed
 * records it) and a time it went into a basket. Counted inside the caller's transaction.
 */
export async function countArtworkEvent(db: Kysely<Database>, artworkId: number, event: 'views' | 'basket_adds'): Promise<void> {
  await db.insertInto('artwork_counts').values({ artwork_id: artworkId, [event]: 1 })
    .onConflict((oc) => oc.column('artwork_id').doUpdateSet({ [event]: sql`artwork_counts.${sql.ref(event)} + 1` }))
    .execute();
}
