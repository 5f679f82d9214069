import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  AlterTableNode, CompiledQuery, CreateTableNode, DataTypeNode, Kysely, OperationNodeTransformer, PostgresAdapter, PostgresDialect, SqliteAdapter, SqliteDialect, SqliteDriver, sql,
  type ColumnDefinitionNode, type DatabaseConnection, type Driver, type KyselyPlugin, type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * Everything that differs between the two databases the catalogue runs on, in one place: SQLite
 * (a file, the embedded default) and PostgreSQL (`DATABASE_URL=postgres://…`, shared by
 * replicas). The queries and migrations are written once, in the SQL both understand.
 */

type Db = Kysely<Database>;

/** A `postgres://` or `postgresql://` address selects PostgreSQL; anything else is a SQLite file. */
export function isPostgresLocation(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

export function isPostgres(db: Pick<Kysely<never>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** SQLite runs DDL inside transactions, so a failed migration rolls back whole. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
/**
 * Every SQLite transaction takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one
 * that reads and then writes fails at once with SQLITE_BUSY when another process (the indexer, a
 * second storefront) wrote meanwhile; an immediate one waits its turn (busy_timeout) instead, so
 * read-check-write sequences such as claiming an original are serialised across processes too.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
class TransactionalSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: sqlite });
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalSqliteAdapter();
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.sqlite });
  }
}

/** The SQLite file in WAL mode with foreign keys on; writers wait up to 5 s for the lock. */
function connectSqlite<DB = Database>(file: string): Kysely<DB> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new TransactionalSqliteDialect(sqlite) });
}

/**
 * The migrations are written as SQLite reads them; on PostgreSQL an auto-incremented integer key
 * becomes `serial` and a `real` (eight bytes in SQLite, four in PostgreSQL) `double precision`.
 */
class PostgresSchemaTransformer extends OperationNodeTransformer {
  protected override transformColumnDefinition(node: ColumnDefinitionNode): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node);
    if (column.autoIncrement) return { ...column, autoIncrement: false, dataType: DataTypeNode.create('serial') };
    if (DataTypeNode.is(column.dataType) && column.dataType.dataType === 'real') return { ...column, dataType: DataTypeNode.create('double precision') };
    return column;
  }
}
/** Only DDL is rewritten: every other query goes through untouched, with no tree walked. */
const postgresSchema: KyselyPlugin = {
  transformQuery: ({ node }) => (CreateTableNode.is(node) || AlterTableNode.is(node) ? new PostgresSchemaTransformer().transformNode(node) : node),
  transformResult: async ({ result }) => result,
};

/** PostgreSQL's 8-byte integers (counts, sums) and numerics come back as numbers, as SQLite's do. */
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A pool of up to `max` connections to the PostgreSQL database at `url`. */
export function postgresPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, types });
  // An idle connection the server drops (a restart, a failover) is replaced, not fatal.
  pool.on('error', () => {});
  return pool;
}

/** Where each PostgreSQL handle connects, for the connections held outside its pool (leadership). */
const postgresAddresses = new WeakMap<object, string>();

function connectPostgres<DB = Database>(url: string): Kysely<DB> {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: postgresPool(url, 10) }), plugins: [postgresSchema] });
  postgresAddresses.set(db, url);
  return db;
}

/** The database at `location`: a SQLite file, or PostgreSQL for a `postgres://` address. */
export function connect<DB = Database>(location: string): Kysely<DB> {
  return isPostgresLocation(location) ? connectPostgres<DB>(location) : connectSqlite<DB>(location);
}

/** serialization_failure and deadlock_detected: PostgreSQL asks for the transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);
/**
 * How long a transaction keeps being run again. Fifty shoppers ordering one original at once all
 * overlap until the first order commits, which waits for its payment; after it, the others read
 * the work as sold and are refused at once. Past the budget the error goes to the caller, and
 * the shopper is told to try again.
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

/**
 * The change log (catalogue_changes) must become visible in id order: the indexer carries the
 * changes past the last id it applied and never looks back. SQLite has one writer at a time. On
 * PostgreSQL an id is handed out at the insert and two transactions may commit the other way
 * round, so a transaction takes this lock, held to its commit, before it records a change: those
 * transactions commit one after another, in the order of their ids.
 */
export async function lockChangeLog(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`SELECT pg_advisory_xact_lock(hashtext('catalogue_changes'))`.execute(trx);
}

/** Which database this handle is open on: the SQLite file, or the PostgreSQL server and database. */
export async function databaseIdentity(db: Db): Promise<string> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ id: string }>`SELECT current_setting('port') || '/' || current_database() AS id`.execute(db);
    return `postgres:${rows[0]?.id ?? ''}`;
  }
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return rows.find((r) => r.name === 'main')?.file ?? '';
}

/** Being the one process that does a job among several that could (the indexer's sync). */
export interface Leadership {
  /** Resolves if leadership ends without release(): the connection holding it was lost. */
  readonly lost: Promise<void>;
  /** Gives leadership up at once, for another process to take. */
  release(): Promise<void>;
}

/** How often a leader checks that the connection holding its lock is still there, and how long an answer may take. */
const LEADER_HEARTBEAT_MS = 1_000;
const LEADER_TIMEOUT_MS = 5_000;

/**
 * Makes this process the leader named `name`, or answers null when another process leads; a
 * follower asks again every second or so, and takes over once the leader is gone.
 * - PostgreSQL: a session-level advisory lock (pg_try_advisory_lock, on a 64-bit key hashed
 *   from the name) taken on a connection of its own, outside the pool, and held for as long as
 *   this process leads. The server lets the lock go when that session ends, so a leader that
 *   crashes, is killed or loses the connection makes way for the next follower that asks. The
 *   connection is checked every second; once it fails or stops answering, `lost` resolves and
 *   the process must stop acting as leader. release() ends the session, which unlocks.
 * - SQLite: the file serves one machine, and every process on it leads (a leadership never
 *   lost). Two indexers on one SQLite file both sync, which costs work but no correctness: a
 *   sync pass writes documents whole and may repeat another's.
 */
export async function acquireLeadership(db: Db, name: string): Promise<Leadership | null> {
  if (!isPostgres(db)) return { lost: new Promise(() => {}), release: async () => {} };
  const url = postgresAddresses.get(db);
  if (!url) throw new Error('Leadership needs a PostgreSQL handle opened by connectPostgres.');
  const key = createHash('sha256').update(name).digest().readBigInt64BE().toString();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: LEADER_TIMEOUT_MS, query_timeout: LEADER_TIMEOUT_MS, keepAlive: true });
  let released = false;
  let lose!: () => void;
  const lost = new Promise<void>((resolve) => {
    lose = () => {
      if (!released) resolve();
    };
  });
  client.on('error', () => lose());
  client.on('end', () => lose());
  try {
    await client.connect();
    const { rows } = await client.query<{ leading: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS leading', [key]);
    if (!rows[0]?.leading) {
      released = true;
      await client.end();
      return null;
    }
  } catch (error) {
    released = true;
    await client.end().catch(() => {});
    throw error;
  }
  const heartbeat = setInterval(() => void client.query('SELECT 1').catch(() => lose()), LEADER_HEARTBEAT_MS);
  void lost.then(() => {
    clearInterval(heartbeat);
    void client.end().catch(() => {});
  });
  return {
    lost,
    release: async () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      await client.end().catch(() => {});
    },
  };
}
