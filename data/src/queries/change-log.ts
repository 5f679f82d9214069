import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../dialect';
import type { Database } from '../schema';

/**
 * The change feed: one catalogue_changes row per artwork whose search document may have changed,
 * written in the transaction that changed it. The indexer follows it (`indexer/src/sync.ts`).
 */

/**
 * The change log (catalogue_changes) must become visible in id order: the indexer carries the
 * changes past the last id it applied and never looks back. SQLite has one writer at a time. On
 * PostgreSQL an id is handed out at the insert and two transactions may commit the other way
 * round, so a transaction takes this lock, held to its commit, before it records a change: those
 * transactions commit one after another, in the order of their ids.
 */
async function lockChangeLog(trx: Transaction<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(hashtext('catalogue_changes'))`.execute(trx);
}

/**
 * Records that these artworks changed, in the transaction `trx` that changed them: the lock
 * that keeps the feed in id order is held until that transaction ends, so it takes a
 * transaction, never a bare handle.
 */
export async function recordCatalogueChanges(trx: Transaction<Database>, artworkIds: readonly number[], now: string): Promise<void> {
  if (artworkIds.length === 0) return;
  await lockChangeLog(trx);
  await trx.insertInto('catalogue_changes').values(artworkIds.map((artwork_id) => ({ artwork_id, changed_at: now }))).execute();
}

/** The newest catalogue change's id, 0 before any: it moves with every change of any work a page may show. */
export async function newestCatalogueChange(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('catalogue_changes').select((e) => e.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}
