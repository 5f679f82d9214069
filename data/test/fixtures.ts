import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { seedCatalogue } from '../src/catalogue/seed';
import { openDatabase, type Db } from '../src/db';
import { createPostgresDatabase, dropPostgresDatabase } from '../src/embedded-postgres';
import { getMailTo } from '../src/queries/outbox';
import type { Database, UsersTable } from '../src/schema';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server a test project on PostgreSQL makes its databases on; absent on SQLite. */
    postgres: string;
  }
}

/** A database of one test file's own; `close` removes it all. */
export interface TemporaryDatabase {
  db: Db;
  /** Where it is (a SQLite file or a PostgreSQL address), for code that opens the database itself. */
  location: string;
  /** The variable that points a process at it: DATABASE_FILE or DATABASE_URL. */
  env: { DATABASE_FILE: string } | { DATABASE_URL: string };
  close: () => Promise<void>;
}

/**
 * A migrated database, seeded with a demo catalogue when one is asked for: a SQLite file in a
 * temporary folder, or, in the test projects that run on PostgreSQL, a new database on the run's
 * server.
 */
export async function openTemporaryDatabase(label: string, catalogue?: { seed: number; artworks: number }): Promise<TemporaryDatabase> {
  const postgres: string | undefined = inject('postgres');
  let location: string;
  let remove: () => Promise<void>;
  if (postgres) {
    const name = `easel_${label.replace(/\W/g, '_')}_${randomUUID().slice(0, 8)}`.toLowerCase();
    location = await createPostgresDatabase(postgres, name);
    remove = () => dropPostgresDatabase(postgres, name);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `easel-${label}-`));
    location = path.join(dir, `${label}.db`);
    remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const db = await openDatabase(location);
  if (catalogue) await seedCatalogue(db, catalogue);
  return {
    db,
    location,
    env: postgres ? { DATABASE_URL: location } : { DATABASE_FILE: location },
    close: async () => {
      await db.destroy();
      await remove();
    },
  };
}

/**
 * Where the payment provider's ledger goes for this database, as the storefront's configuration
 * puts it: a SQLite file beside the shop's, or a table in the same PostgreSQL database.
 */
export function ledgerLocation(temp: TemporaryDatabase): string {
  return 'DATABASE_URL' in temp.env ? temp.location : path.join(path.dirname(temp.location), 'payments.db');
}

/** The first row for each work, in the order given: a work with several matching prints, once. */
export function firstPerWork<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

/** The first available work, by id, that ships to `country`: an original for checkouts to race for. */
export function firstOriginalShippingTo(db: Db, country: string): Promise<{ id: number; slug: string }> {
  return db
    .selectFrom('artworks as w')
    .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', country))
    .select(['w.id', 'w.slug'])
    .where('w.status', '=', 'available')
    .orderBy('w.id')
    .executeTakeFirstOrThrow();
}

type Settings = Pick<UsersTable, 'currency' | 'country' | 'display_units' | 'language'>;

/** A registered user with the given settings; answers their id. */
export async function addUser(db: Db, settings: Settings = { currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb' }, email = 'ada@example.com'): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ email, password_hash: 'x', name: email.split('@')[0]!, role: 'user', artist_id: null, created_at: '2026-01-01T00:00:00Z', ...settings })
    .returning('id')
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Signs a user in under the session cookie value `token`, for a day. */
export async function addSession(db: Db, token: string, userId: number): Promise<void> {
  const now = new Date().toISOString();
  await db.insertInto('sessions').values({
    id_hash: createHash('sha256').update(token).digest('hex'), user_id: userId, created_at: now, last_seen_at: now,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  }).execute();
}

/**
 * Every row of every table, as one digest: two equal digests mean nothing was written in
 * between. For tests that a refused or read-only request changed nothing.
 */
export async function databaseDigest(db: Db): Promise<string> {
  const hash = createHash('sha256');
  // Every table but the replicas' shared request counters (rate_limits), which count a GET as any request.
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).filter((name) => name !== 'rate_limits').sort();
  for (const name of tables) {
    const rows = await db.selectFrom(name as keyof Database).selectAll().execute();
    hash.update(name).update(JSON.stringify(rows.map((row) => JSON.stringify(row)).sort()));
  }
  return hash.digest('hex');
}

/**
 * The token in the last link mailed to an address for confirming it (`account`) or its
 * newsletter (`newsletter`); undefined when it was mailed no such link.
 */
export async function mailedToken(db: Db, email: string, kind: 'account' | 'newsletter' = 'account'): Promise<string | undefined> {
  const link = new RegExp(`/${kind}/confirm/\\?token=([\\w-]{43})\n`);
  return (await getMailTo(db, email)).findLast((mail) => link.test(mail.body))?.body.match(link)?.[1];
}
