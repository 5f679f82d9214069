import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inTransaction } from '../src/db';
import { recordCatalogueChanges } from '../src/queries/change-log';
import { openTemporaryDatabase, type TemporaryDatabase } from './fixtures';

let temp: TemporaryDatabase;
beforeAll(async () => {
  temp = await openTemporaryDatabase('change-log', { seed: 3, artworks: 20 });
});
afterAll(() => temp.close());

// SQLite has one writer at a time (and one connection here), so only PostgreSQL can commit two
// changes out of id order.
describe.runIf(inject('postgres'))('the change log on PostgreSQL', () => {
  it('shows a later change only once every earlier one has committed', async () => {
    const now = new Date().toISOString();
    let finishFirst!: () => void;
    let firstRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (firstRecorded = resolve));
    const first = inTransaction(temp.db, async (trx) => {
      await recordCatalogueChanges(trx, [1], now);
      firstRecorded();
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    await recorded;
    const second = inTransaction(temp.db, (trx) => recordCatalogueChanges(trx, [2], now));
    // Time for the second to commit, were it free to: the indexer reading now must not see it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await temp.db.selectFrom('catalogue_changes').select('artwork_id').execute()).toEqual([]);
    finishFirst();
    await Promise.all([first, second]);
    const changes = await temp.db.selectFrom('catalogue_changes').select(['id', 'artwork_id']).orderBy('id').execute();
    expect(changes.map((c) => c.artwork_id)).toEqual([1, 2]);
  });
});
