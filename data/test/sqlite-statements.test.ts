import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { TransactionalSqliteDialect, keepingStatements } from '../src/sqlite';

interface Tables {
  notes: { id: number; body: string };
}

/** The files' folder, made by the first test that opens one (on PostgreSQL the suite is skipped). */
let dir: string | undefined;
const opened: Kysely<Tables>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A Kysely over a real SQLite file whose statements are kept (`max` of them), and the SQL texts SQLite was asked to prepare. */
function open(name: string, max?: number): { db: Kysely<Tables>; prepared: string[] } {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'easel-statements-'));
  const sqlite = new SQLite(path.join(dir, `${name}.sqlite`));
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    prepared.push(text);
    return prepare(text);
  }) as typeof sqlite.prepare;
  const db = new Kysely<Tables>({ dialect: new TransactionalSqliteDialect(keepingStatements(sqlite, max)) });
  opened.push(db);
  return { db, prepared };
}

async function withNotes(db: Kysely<Tables>): Promise<void> {
  await db.schema.createTable('notes').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('body', 'text', (c) => c.notNull()).execute();
  await db.insertInto('notes').values([{ id: 1, body: 'one' }, { id: 2, body: 'two' }]).execute();
}

// SQLite's own: the PostgreSQL run of this folder has nothing to add.
describe.skipIf(inject('postgres') !== undefined)('keepingStatements', () => {
  it('prepares a query once and answers each run with its own parameters', async () => {
    const { db, prepared } = open('once');
    await withNotes(db);
    const body = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst();
    expect(await body(1)).toEqual({ body: 'one' });
    expect(await body(2)).toEqual({ body: 'two' });
    expect(await body(3)).toBeUndefined();
    expect(prepared.filter((text) => text.startsWith('select "body"'))).toHaveLength(1);
  });

  it('keeps at most its bound, preparing again the least recently used', async () => {
    const { db, prepared } = open('bound', 2);
    await withNotes(db);
    const byId = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id).execute();
    const all = () => db.selectFrom('notes').select('id').orderBy('id').execute();
    const count = () => db.selectFrom('notes').select((eb) => eb.fn.countAll<number>().as('n')).execute();
    await byId(1);
    await all();
    await byId(2); // byId is now the most recently used, all the least
    await count(); // a third statement: all is dropped
    await byId(1);
    await all();
    const selects = prepared.filter((text) => text.startsWith('select'));
    expect(selects.map((text) => text.slice(0, 13))).toEqual(['select "body"', 'select "id" f', 'select count(', 'select "id" f']);
  });

  it('reads a kept statement after the table changes with the new shape', async () => {
    const { db } = open('schema');
    await withNotes(db);
    const everything = () => sql<Record<string, unknown>>`select * from notes order by id`.execute(db).then((r) => r.rows);
    expect(await everything()).toEqual([{ id: 1, body: 'one' }, { id: 2, body: 'two' }]);
    await sql`alter table notes add column mood text`.execute(db);
    await db.updateTable('notes').set({ body: 'uno' }).where('id', '=', 1).execute();
    expect(await everything()).toEqual([{ id: 1, body: 'uno', mood: null }, { id: 2, body: 'two', mood: null }]);
  });

  it('runs transactions with the kept begin, and rolls a failed one back whole', async () => {
    const { db } = open('transactions');
    await withNotes(db);
    for (const id of [3, 4]) {
      await db.transaction().execute((trx) => trx.insertInto('notes').values({ id, body: `note ${id}` }).execute());
    }
    await expect(db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 5, body: 'five' }).execute();
      await trx.insertInto('notes').values({ id: 1, body: 'taken' }).execute();
    })).rejects.toThrow(/UNIQUE|constraint/i);
    expect((await db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
