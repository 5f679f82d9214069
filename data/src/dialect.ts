import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { connectPostgres } from './postgres';
import type { Database } from './schema';
import { connectSqlite } from './sqlite';

/**
 * Which of the two databases the catalogue runs on: SQLite (a file, the embedded default,
 * `sqlite.ts`) or PostgreSQL (`DATABASE_URL=postgres://…`, shared by replicas, `postgres.ts`).
 * The queries and migrations are written once, in the SQL both understand; what else differs
 * lives beside its job: `transactions.ts`, `leadership.ts`, `queries/change-log.ts`.
 */

/** A `postgres://` or `postgresql://` address selects PostgreSQL; anything else is a SQLite file. */
export function isPostgresLocation(location: string): boolean {
  return /^postgres(ql)?:\/\//.test(location);
}

export function isPostgres(db: Pick<Kysely<never>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The database at `location`: a SQLite file, or PostgreSQL for a `postgres://` address. */
export function connect<DB = Database>(location: string): Kysely<DB> {
  return isPostgresLocation(location) ? connectPostgres<DB>(location) : connectSqlite<DB>(location);
}

/** Which database this handle is open on: the SQLite file, or the PostgreSQL server and database. */
export async function databaseIdentity(db: Kysely<Database>): Promise<string> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ id: string }>`SELECT current_setting('port') || '/' || current_database() AS id`.execute(db);
    return `postgres:${rows[0]?.id ?? ''}`;
  }
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  return rows.find((r) => r.name === 'main')?.file ?? '';
}
