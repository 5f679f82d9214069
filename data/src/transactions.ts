import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/** Transactions as every query relies on them, on either database. */

/** serialization_failure and deadlock_detected: PostgreSQL asks for the transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);
/**
 * How long a transaction keeps being run again. Checkouts of the same works take turns instead
 * (`inTurn`); overlaps left are of transactions that touch the same pages of an index. Past the
 * budget the error goes to the caller.
 */
const RETRY_BUDGET_MS = 10_000;
/** The longest wait between two runs: a random share of it, growing with each run up to this. */
const MAX_BACKOFF_MS = 250;

/**
 * Runs `work` in one transaction that behaves as if no other ran at the same time, which every
 * read-check-write in the queries relies on (an original claimed once, an idempotency key
 * answered once, a print edition never below zero).
 * - SQLite: one writer at a time (BEGIN IMMEDIATE, above).
 * - PostgreSQL: SERIALIZABLE isolation, and `work` run again, after a short random wait, when
 *   PostgreSQL finds it overlapped another. `work` must touch nothing outside the transaction
 *   that a second run would repeat, except through an idempotency key (a payment).
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(work);
  const deadline = Date.now() + RETRY_BUDGET_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (Date.now() >= deadline || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_BACKOFF_MS, 5 * 2 ** attempt)));
    }
  }
}

/** The first key of the advisory locks `inTurn` takes: the second is the row's id. */
const TURN_LOCKS = 0x45617365; // "Ease"

/**
 * Runs `work` on a connection that holds, on PostgreSQL, a session advisory lock for each of
 * `ids` (taken in ascending order, so two callers never wait on each other in a circle, and let
 * go once `work` and its commit are over). Transactions that would write the same rows, such as
 * fifty shoppers checking out one original, then take turns, each starting after the last has
 * committed and reading what it wrote; overlapping, they would keep failing each other's
 * serialization and being run again. SQLite, one writer at a time, takes turns already: `ids`
 * is not even read there.
 */
export async function inTurn<T>(db: Kysely<Database>, ids: (db: Kysely<Database>) => Promise<number[]>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db);
  return db.connection().execute(async (connection) => {
    const keys = [...new Set(await ids(connection))].sort((a, b) => a - b);
    try {
      for (const key of keys) await sql`SELECT pg_advisory_lock(${TURN_LOCKS}, ${key})`.execute(connection);
      return await work(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock_all()`.execute(connection);
    }
  });
}

/**
 * Runs `work`, which only reads, on one consistent snapshot of the database, without holding
 * anything a writer waits for: on SQLite a deferred transaction (WAL gives it a snapshot and takes
 * no write lock), on PostgreSQL a read-only REPEATABLE READ one. For reads that must agree with
 * each other and may be slow on a large catalogue, such as the indexer's fingerprint beside the
 * changes it carries.
 */
export async function inReadSnapshot<T>(db: Kysely<Database>, work: (snapshot: Kysely<Database>) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin deferred`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * After rows were written with their ids given (the seeded catalogue), PostgreSQL's id sequences
 * move past the highest id so the next insert does not collide. SQLite takes the next id from
 * the table itself.
 */
export async function afterExplicitIds(trx: Transaction<Database>): Promise<void> {
  if (!isPostgres(trx)) return;
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'id' AND column_default LIKE 'nextval(%'`.execute(trx);
  for (const { table_name: table } of rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE(MAX(id), 0) + 1, false) FROM ${sql.table(table)}`.execute(trx);
  }
}
