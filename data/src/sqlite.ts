import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';

/** The SQLite side of the catalogue's database: a file, the embedded default. */

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
export class TransactionalSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SqliteDatabase) {
    super({ database: sqlite });
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalSqliteAdapter();
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.sqlite });
  }
}

/** How many prepared statements a connection keeps: the queries the code writes, and lists of a few lengths each. */
export const KEPT_STATEMENTS = 500;

/**
 * The database as Kysely uses it, keeping each prepared statement by its text, the least
 * recently used dropped past `KEPT_STATEMENTS`: SQLite parsing and planning a query costs more
 * than running most of the catalogue's indexed reads, and a page makes several. A statement is
 * safe to reuse here because Kysely runs it whole at once (`all` or `run`; nothing here streams).
 */
export function keepingStatements(sqlite: SQLite.Database, max = KEPT_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql);
      else statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** The SQLite file in WAL mode with foreign keys on; writers wait up to 5 s for the lock. */
export function connectSqlite<DB = Database>(file: string): Kysely<DB> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new TransactionalSqliteDialect(keepingStatements(sqlite)) });
}
