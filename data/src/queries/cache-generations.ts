import type { Kysely } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../schema';

/** What a cached answer kept in a replica's memory depends on; see migration 0019. */
export type CacheName = 'homepage' | 'collections' | 'search-levers';

/** Marks every replica's cached `name` answers stale; inside the change's own transaction where there is one. */
export async function bumpCacheGeneration(db: Kysely<Database>, name: CacheName): Promise<void> {
  await db
    .insertInto('cache_generations')
    .values({ name, generation: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ generation: eb('cache_generations.generation', '+', 1) })))
    .execute();
}

/** The current generation of `name`'s cached answers; 0 before any change. */
export async function getCacheGeneration(db: Db, name: CacheName): Promise<number> {
  const row = await db.selectFrom('cache_generations').select('generation').where('name', '=', name).executeTakeFirst();
  return row?.generation ?? 0;
}
