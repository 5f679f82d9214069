import type { Kysely } from 'kysely';

/**
 * When the index last caught up with the catalogue (the staff index page's "last sync"): set by
 * every sync pass that carried changes and by every full rebuild. Null until one has run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('search_index_state').addColumn('synced_at', 'text').execute();
}
