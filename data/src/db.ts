import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type Migration } from 'kysely';
import type { Database } from './schema';
import * as catalogue from './migrations/0001-catalogue';
import * as accountsAndOrders from './migrations/0002-accounts-and-orders';
import * as engagement from './migrations/0003-engagement';
import * as homepageAndFollows from './migrations/0004-homepage-and-follows';
import * as listingIndexes from './migrations/0005-listing-indexes';
import * as checkout from './migrations/0006-checkout';
import * as userAbout from './migrations/0007-user-about';
import * as indexSyncTime from './migrations/0010-index-sync-time';
import * as boundedHolds from './migrations/0011-bounded-holds';
import * as guestCheckout from './migrations/0012-guest-checkout';
import * as dispatchTime from './migrations/0013-dispatch-time';
import * as addressBook from './migrations/0014-address-book';
import * as pictureSeeds from './migrations/0015-picture-seeds';
import * as emailConfirmation from './migrations/0016-email-confirmation';
import * as artistCv from './migrations/0017-artist-cv';

export type Db = Kysely<Database>;

/** Applied in name order; a new migration is a new file added here, never an edit of an old one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-accounts-and-orders': accountsAndOrders,
  '0003-engagement': engagement,
  '0004-homepage-and-follows': homepageAndFollows,
  '0005-listing-indexes': listingIndexes,
  '0006-checkout': checkout,
  '0007-user-about': userAbout,
  '0010-index-sync-time': indexSyncTime,
  '0011-bounded-holds': boundedHolds,
  '0012-guest-checkout': guestCheckout,
  '0013-dispatch-time': dispatchTime,
  '0014-address-book': addressBook,
  '0015-picture-seeds': pictureSeeds,
  '0016-email-confirmation': emailConfirmation,
  '0017-artist-cv': artistCv,
};

/** The database could not be opened or migrated; the message says what to do. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/** SQLite runs DDL inside transactions, so a failed migration rolls back whole. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
/**
 * Every transaction takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one that
 * reads and then writes fails at once with SQLITE_BUSY when another process (the indexer, a
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

/**
 * Opens (creating if needed) the SQLite file in WAL mode with foreign keys on, and applies any
 * pending migrations in one transaction. Throws DatabaseOpenError with one sentence on failure.
 */
export async function openDatabase(file: string): Promise<Db> {
  let sqlite: SQLite.Database;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
  } catch (error) {
    throw new DatabaseOpenError(explainOpenFailure(file, error));
  }
  const db = new Kysely<Database>({ dialect: new TransactionalSqliteDialect(sqlite) });
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw new DatabaseOpenError(explainOpenFailure(file, error));
  }
  // Table statistics steer the query planner (a curation's few works are read from the curation
  // side, not by scanning every available work). SQLite's advice for long-lived connections:
  // refresh them on open where missing or stale, sampling so a large file opens quickly.
  sqlite.pragma('analysis_limit = 1000');
  sqlite.pragma('optimize = 0x10002');
  return db;
}

function explainOpenFailure(file: string, error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return `The database file ${file} is not a readable SQLite database (${detail}); move it aside or point DATABASE_FILE elsewhere and a fresh catalogue will be seeded.`;
  }
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'EACCES' || code === 'EROFS') {
    return `The database file ${file} cannot be written (${detail}); make it and its folder writable or point DATABASE_FILE at a writable path.`;
  }
  return `The database file ${file} could not be opened or migrated (${detail}); check the file or point DATABASE_FILE elsewhere.`;
}
