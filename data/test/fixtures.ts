import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { seedCatalogue } from '../src/catalogue/seed';
import { openDatabase, type Db } from '../src/db';
import { getMailTo } from '../src/queries/outbox';
import type { UsersTable } from '../src/schema';

/** A database in its own temporary folder, for one test file; `close` removes it all. */
export interface TemporaryDatabase {
  db: Db;
  /** The SQLite file, for code that opens the database itself. */
  file: string;
  close: () => Promise<void>;
}

/** A migrated SQLite file, seeded with a demo catalogue when one is asked for. */
export async function openTemporaryDatabase(label: string, catalogue?: { seed: number; artworks: number }): Promise<TemporaryDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `easel-${label}-`));
  const file = path.join(dir, `${label}.db`);
  const db = await openDatabase(file);
  if (catalogue) await seedCatalogue(db, catalogue);
  return {
    db,
    file,
    close: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  for (const { name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(name)} order by rowid`.execute(db);
    hash.update(name).update(JSON.stringify(rows.rows));
  }
  return hash.digest('hex');
}

/** The token in the last link mailed to an address for confirming it; undefined when its last mail has none. */
export async function mailedToken(db: Db, email: string): Promise<string | undefined> {
  return (await getMailTo(db, email)).at(-1)?.body.match(/\/account\/confirm\/\?token=([\w-]{43})\n/)?.[1];
}
