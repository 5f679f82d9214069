import { Kysely, Migrator, sql, type Migration } from 'kysely';
import { connect, isPostgres, isPostgresLocation } from './dialect';
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
import * as searchEngineState from './migrations/0018-search-engine-state';
import * as cacheGenerations from './migrations/0019-cache-generations';
import * as fingerprintIndexes from './migrations/0020-fingerprint-indexes';
import * as confirmTokenExpiry from './migrations/0021-confirm-token-expiry';
import * as newsletterOptIn from './migrations/0022-newsletter-opt-in';
import * as passwordReset from './migrations/0023-password-reset';
import * as promoRedemptions from './migrations/0024-promo-redemptions';
import * as artistListings from './migrations/0025-artist-listings';
import * as alerts from './migrations/0026-alerts';
import * as searchAnalytics from './migrations/0027-search-analytics';
import * as searchLevers from './migrations/0028-search-levers';
import * as chargeRefunds from './migrations/0029-charge-refunds';
import * as searchTops from './migrations/0030-search-tops';

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
  '0018-search-engine-state': searchEngineState,
  '0019-cache-generations': cacheGenerations,
  '0020-fingerprint-indexes': fingerprintIndexes,
  '0021-confirm-token-expiry': confirmTokenExpiry,
  '0022-newsletter-opt-in': newsletterOptIn,
  '0023-password-reset': passwordReset,
  '0024-promo-redemptions': promoRedemptions,
  '0025-artist-listings': artistListings,
  '0026-alerts': alerts,
  '0027-search-analytics': searchAnalytics,
  '0028-search-levers': searchLevers,
  '0029-charge-refunds': chargeRefunds,
  '0030-search-tops': searchTops,
};

/** The database could not be opened or migrated; the message says what to do. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/**
 * Opens the database at `location` (a SQLite file, created if needed, or a `postgres://` address)
 * and applies any pending migrations in one transaction; on PostgreSQL the migrator's lock lets
 * several replicas start at once. Throws DatabaseOpenError with one sentence on failure.
 */
export async function openDatabase(location: string): Promise<Db> {
  let db: Db;
  try {
    db = connect(location);
  } catch (error) {
    throw new DatabaseOpenError(explainOpenFailure(location, error));
  }
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw new DatabaseOpenError(explainOpenFailure(location, error));
  }
  // Table statistics steer SQLite's query planner (a curation's few works are read from the
  // curation side, not by scanning every available work). SQLite's advice for long-lived
  // connections: refresh them on open where missing or stale, sampling so a large file opens
  // quickly. PostgreSQL's autovacuum keeps its own.
  if (!isPostgres(db)) {
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`pragma optimize = 0x10002`.execute(db);
  }
  return db;
}

function explainOpenFailure(location: string, error: unknown): string {
  const code = (error as { code?: string }).code ?? '';
  const detail = error instanceof Error ? error.message : String(error);
  if (isPostgresLocation(location)) {
    const where = withoutPassword(location);
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT') {
      return `No PostgreSQL answered at ${where} (${detail}); start it or correct DATABASE_URL.`;
    }
    if (code === '28P01' || code === '28000' || code === '3D000') {
      return `PostgreSQL at ${where} refused the connection (${detail}); check the user, password and database name in DATABASE_URL.`;
    }
    return `The PostgreSQL database at ${where} could not be opened or migrated (${detail}); check DATABASE_URL.`;
  }
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return `The database file ${location} is not a readable SQLite database (${detail}); move it aside or point DATABASE_FILE elsewhere and a fresh catalogue will be seeded.`;
  }
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'EACCES' || code === 'EROFS') {
    return `The database file ${location} cannot be written (${detail}); make it and its folder writable or point DATABASE_FILE at a writable path.`;
  }
  return `The database file ${location} could not be opened or migrated (${detail}); check the file or point DATABASE_FILE elsewhere.`;
}

/** A database address fit for a message: the password is never printed. */
export function withoutPassword(location: string): string {
  if (!isPostgresLocation(location)) return location;
  const url = new URL(location);
  if (url.password) url.password = '***';
  return url.toString();
}

export { databaseIdentity } from './dialect';
export { acquireLeadership, type Leadership } from './leadership';
export { postgresPool } from './postgres';
export { afterExplicitIds, inReadSnapshot, inTransaction, inTurn } from './transactions';
