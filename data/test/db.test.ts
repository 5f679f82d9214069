import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DatabaseOpenError, countArtworks, getCatalogueFingerprint, getIndexableArtworks, getRateMatrix,
  openDatabase, seedCatalogue, type Db,
} from '../src';
import { openTemporaryDatabase, type TemporaryDatabase } from './fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-data-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const onPostgres = inject('postgres') !== undefined;

describe('openDatabase', () => {
  it('applies migrations once: opening again keeps the data', async () => {
    const temp = await openTemporaryDatabase('twice');
    await temp.db.insertInto('promo_codes').values({ code: 'KEEP', kind: 'fixed', amount: 500, expires_at: null }).execute();
    const second = await openDatabase(temp.location);
    expect(await second.selectFrom('promo_codes').select('code').execute()).toEqual([{ code: 'KEEP' }]);
    await second.destroy();
    await temp.close();
  });

  it.skipIf(onPostgres)("reads the catalogue fingerprint's newest edits from indexes, not by scanning the tables", async () => {
    const temp = await openTemporaryDatabase('fingerprint-plan');
    const plan = async (table: 'artworks' | 'artists') =>
      (await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT MAX(updated_at) FROM ${sql.table(table)}`.execute(temp.db)).rows.map((r) => r.detail).join(' ');
    expect(await plan('artworks')).toContain('artworks_updated_idx');
    expect(await plan('artists')).toContain('artists_updated_idx');
    await temp.close();
  });

  it('refuses a row that breaks a foreign key', async () => {
    const temp = await openTemporaryDatabase('foreign-keys');
    await expect(
      temp.db.insertInto('artwork_colours').values({ artwork_id: 999, colour: 'red', position: 0 }).execute(),
    ).rejects.toThrow(/foreign key/i);
    await temp.close();
  });
});

describe.runIf(onPostgres)('openDatabase on PostgreSQL', () => {
  it('names a server that does not answer, and never prints the password', async () => {
    const attempt = openDatabase('postgres://easel:secret-word@127.0.0.1:9/easel');
    await expect(attempt).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase('postgres://easel:secret-word@127.0.0.1:9/easel')).rejects.toThrow(/No PostgreSQL answered at postgres:\/\/easel:\*\*\*@127\.0\.0\.1:9\/easel.*DATABASE_URL/);
    await expect(openDatabase('postgres://easel:secret-word@127.0.0.1:9/easel')).rejects.not.toThrow(/secret-word/);
  });

  it('names a database that does not exist', async () => {
    const missing = new URL(inject('postgres'));
    missing.pathname = '/no_such_database';
    await expect(openDatabase(missing.toString())).rejects.toThrow(/refused the connection.*database name in DATABASE_URL/);
  });
});

describe.skipIf(onPostgres)('openDatabase on a SQLite file', () => {
  it('creates the schema in WAL mode with foreign keys on', async () => {
    const db = await openDatabase(path.join(dir, 'fresh.db'));
    const { rows: mode } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    const { rows: fk } = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db);
    expect(mode[0]?.journal_mode).toBe('wal');
    expect(fk[0]?.foreign_keys).toBe(1);
    await db.destroy();
  });

  it('names a corrupt file and the fix', async () => {
    const file = path.join(dir, 'corrupt.db');
    fs.writeFileSync(file, 'this is not a database, just some text that is long enough to look like a header');
    await expect(openDatabase(file)).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase(file)).rejects.toThrow(/not a readable SQLite database.*DATABASE_FILE/);
  });

  // Root ignores file modes, so the check only means something for an ordinary user.
  it.skipIf(process.getuid?.() === 0)('names a file it cannot write', async () => {
    const roDir = path.join(dir, 'read-only');
    fs.mkdirSync(roDir);
    const file = path.join(roDir, 'ro.db');
    await (await openDatabase(file)).destroy();
    fs.chmodSync(file, 0o444);
    fs.chmodSync(roDir, 0o555);
    try {
      await expect(openDatabase(file)).rejects.toThrow(/cannot be written|could not be opened/);
    } finally {
      fs.chmodSync(roDir, 0o755);
    }
  });
});

describe('the seeded catalogue', () => {
  let temp: TemporaryDatabase;
  let db: Db;
  beforeAll(async () => {
    temp = await openTemporaryDatabase('seeded', { seed: 5, artworks: 1_200 });
    db = temp.db;
  });
  afterAll(() => temp.close());

  it('writes every artwork with its derived orientation and size bucket', async () => {
    expect(await countArtworks(db)).toBe(1_200);
    const odd = await db
      .selectFrom('artworks')
      .select('id')
      .where((eb) => eb.or([eb('orientation', 'not in', ['portrait', 'landscape', 'square', 'panoramic']), eb('size_bucket', 'not in', ['small', 'medium', 'large', 'oversized'])]))
      .execute();
    expect(odd).toEqual([]);
  });

  it('refuses to seed a database that already has a catalogue, and writes nothing', async () => {
    const before = await getCatalogueFingerprint(db);
    await expect(seedCatalogue(db, { seed: 6, artworks: 10 })).rejects.toThrow(/already has a catalogue/);
    expect(await getCatalogueFingerprint(db)).toBe(before);
  });

  it('seeds the currency matrix', async () => {
    const rates = await getRateMatrix(db);
    expect(rates.GBP.USD).toBe(1.39);
    expect(rates.GBP.EUR).toBe(1.18);
  });

  it('pages through indexable artworks with their colours, images, prints and shipping', async () => {
    const seen: number[] = [];
    for (let afterId = 0; ; ) {
      const page = await getIndexableArtworks(db, { afterId, limit: 500 });
      if (page.length === 0) break;
      afterId = page[page.length - 1]!.id;
      seen.push(...page.map((a) => a.id));
      for (const a of page) {
        expect(a.colours.length).toBeGreaterThan(0);
        expect(a.images[0]?.kind).toBe('main');
        expect(a.shipping.map((s) => s.destination)).toContain(a.ships_from);
        expect(a.prints.every((p) => p.remaining > 0)).toBe(true);
      }
    }
    expect(seen).toHaveLength(1_200);
    expect(new Set(seen).size).toBe(1_200);
  });

  it('gives a row added after the seed an id of its own', async () => {
    const { highest } = await db.selectFrom('artists').select((eb) => eb.fn.max('id').as('highest')).executeTakeFirstOrThrow();
    const added = await db.insertInto('artists').values({
      slug: 'added-later', name: 'Added Later', bio: '', country: 'GB', city: 'Leeds', avatar_seed: 1, popularity: 0, joined_at: '2026-01-01', updated_at: '2026-01-01',
    }).returning('id').executeTakeFirstOrThrow();
    expect(added.id).toBeGreaterThan(Number(highest));
  });
});
