import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inReadSnapshot, inTransaction, openDatabase, type Db } from '../src/db';
import { openTemporaryDatabase, type TemporaryDatabase } from './fixtures';

let temp: TemporaryDatabase;
let writer: Db;
beforeAll(async () => {
  temp = await openTemporaryDatabase('read-snapshot');
  // A second handle, as another process would hold.
  writer = await openDatabase(temp.location);
});
afterAll(async () => {
  await writer.destroy();
  await temp.close();
});

const codes = (db: Db) => db.selectFrom('promo_codes').select('code').orderBy('code').execute();

describe('inReadSnapshot', () => {
  it('lets a writer through while it reads, and keeps reading what it first saw', async () => {
    await temp.db.insertInto('promo_codes').values({ code: 'BEFORE', kind: 'fixed', amount: 100, expires_at: null }).execute();
    let finish!: () => void;
    let started!: () => void;
    const reading = new Promise<void>((resolve) => (started = resolve));
    const snapshot = inReadSnapshot(temp.db, async (db) => {
      const first = await codes(db);
      started();
      await new Promise<void>((resolve) => (finish = resolve));
      return { first, again: await codes(db) };
    });
    await reading;
    // The write commits while the snapshot is open: it waits for nothing the reader holds.
    await inTransaction(writer, (trx) => trx.insertInto('promo_codes').values({ code: 'DURING', kind: 'fixed', amount: 100, expires_at: null }).execute());
    finish();
    expect(await snapshot).toEqual({ first: [{ code: 'BEFORE' }], again: [{ code: 'BEFORE' }] });
    expect(await codes(temp.db)).toEqual([{ code: 'BEFORE' }, { code: 'DURING' }]);
  });
});
