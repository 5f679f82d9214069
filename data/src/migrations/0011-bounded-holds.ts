import type { Kysely } from 'kysely';

/**
 * Bounded holds: the client address a checkout's hold was taken from, so the originals one
 * address holds at once can be capped as well as one account's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('artworks').addColumn('reserved_from', 'text').execute();
}
