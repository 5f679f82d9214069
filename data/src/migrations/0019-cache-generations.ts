import type { Kysely } from 'kysely';

/**
 * A counter per kind of cached answer (the homepage's shared sections, collection views), moved
 * on by the change that makes such answers stale. Every storefront replica keeps these answers in
 * its own memory; a replica that finds a counter moved forgets its copies, so a change made
 * through one replica shows through every other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_generations')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .execute();
}
