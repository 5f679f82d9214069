import type { Kysely } from 'kysely';

/**
 * The levers staff pull on search: synonyms (a word or phrase and the words a search for it also
 * finds) and rules (for a search's words or a category address: works pinned at positions, works
 * hidden, a banner), each rule within optional dates. The database holds them; the indexer
 * carries them to every engine, recording per engine the levers' generation (cache_generations,
 * 'search-levers') it applied last. A rebuild swaps in an index of its own, so it counts a reset
 * there, and a carry that began before the reset is not recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_synonyms')
    .addColumn('word', 'text', (c) => c.primaryKey())
    .addColumn('synonyms', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('query', 'text')
    .addColumn('category', 'text')
    .addColumn('pins', 'text', (c) => c.notNull())
    .addColumn('hides', 'text', (c) => c.notNull())
    .addColumn('banner_title', 'text')
    .addColumn('banner_url', 'text')
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('search_lever_state')
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('index_uid', 'text', (c) => c.notNull())
    .addColumn('applied_generation', 'integer', (c) => c.notNull())
    .addColumn('resets', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_lever_state_pk', ['engine', 'index_uid'])
    .execute();
}
