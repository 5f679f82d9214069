import { sql, type Kysely } from 'kysely';

/**
 * The search tier may run several engines (one per search-service replica), each fed from
 * catalogue_changes at its own pace: what each engine's copy of an index was built from and how
 * far it has carried the changes is kept per engine, keyed by the engine's stable name and the
 * index uid. The one engine there was until now is named 'main', and keeps its place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_engine_state')
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('index_uid', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('documents', 'integer', (c) => c.notNull())
    .addColumn('built_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('last_change_id', 'integer', (c) => c.notNull())
    .addColumn('synced_at', 'text')
    .addPrimaryKeyConstraint('search_engine_state_pk', ['engine', 'index_uid'])
    .execute();
  await sql`
    INSERT INTO search_engine_state (engine, index_uid, fingerprint, documents, built_at, duration_ms, last_change_id, synced_at)
    SELECT 'main', index_uid, fingerprint, documents, built_at, duration_ms, last_change_id, synced_at FROM search_index_state`.execute(db);
  await db.schema.dropTable('search_index_state').execute();
}
