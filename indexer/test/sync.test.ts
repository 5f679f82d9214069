import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SEARCH_ENGINE, getSearchIndexState, recordCatalogueChanges, type Db } from '@easel/data';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import { REFUND_GRACE_MS } from '@easel/data/queries/refunds';
import { addUser, ledgerLocation, openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { checkIndexStaleness, followCatalogue, meiliClient, rebuildIndex, syncIndex } from '../src';

const meili = meiliClient(inject('meili'));
const indexUid = `test_sync_${randomUUID().slice(0, 8)}`;
let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('sync', { seed: 3, artworks: 300 });
  db = temp.db;
  await rebuildIndex({ db, meili, indexUid });
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

const inIndex = async (id: number) => (await meili.index(indexUid).getDocuments({ ids: [id] } as never)).results.length === 1;
const availableIds = async (n: number) =>
  (await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').limit(n).execute()).map((r) => r.id);

describe('syncIndex', () => {
  it('does nothing for an index no rebuild has recorded', async () => {
    expect(await syncIndex({ db, meili, indexUid: `${indexUid}_never_built` })).toBe(0);
  });

  it('removes a sold work and puts back one made available, then counts the index as current', async () => {
    const [sold, returned] = await availableIds(2);
    expect(await inIndex(sold!)).toBe(true);
    const rebuilt = (await getSearchIndexState(db, indexUid))!;
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('artworks').set({ status: 'sold', stock: 0, updated_at: now }).where('id', '=', sold!).execute();
      await trx.updateTable('artworks').set({ status: 'hidden', updated_at: now }).where('id', '=', returned!).execute();
      await recordCatalogueChanges(trx, [sold!, returned!], now);
    });
    expect(await syncIndex({ db, meili, indexUid })).toBe(2);
    expect([await inIndex(sold!), await inIndex(returned!)]).toEqual([false, false]);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable('artworks').set({ status: 'available', updated_at: new Date().toISOString() }).where('id', '=', returned!).execute();
      await recordCatalogueChanges(trx, [returned!], new Date().toISOString());
    });
    expect(await syncIndex({ db, meili, indexUid })).toBe(1);
    expect(await inIndex(returned!)).toBe(true);
    expect(await syncIndex({ db, meili, indexUid })).toBe(0);
    expect(await checkIndexStaleness(db, meili, indexUid)).toEqual({ stale: false });
    const lastChange = await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const synced = (await getSearchIndexState(db, indexUid))!;
    expect(synced.last_change_id).toBe(lastChange.id);
    // A sync pass records when it caught up, and leaves the last full rebuild's figures alone.
    expect(synced.synced_at! >= rebuilt.synced_at!).toBe(true);
    expect(synced.synced_at).not.toBe(rebuilt.synced_at);
    expect([synced.built_at, synced.duration_ms]).toEqual([rebuilt.built_at, rebuilt.duration_ms]);
  });
});

describe('followCatalogue', () => {
  it('carries a sale to the index on its own, and releases a lapsed reservation back into it', async () => {
    const [sold, lapsed] = await availableIds(2);
    const userId = await addUser(db);
    const errors: unknown[] = [];
    const stop = followCatalogue({ db, location: temp.location, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili }], indexUid, intervalMs: 100, onError: (e) => errors.push(e) });
    try {
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('artworks').set({ status: 'sold', stock: 0, updated_at: now }).where('id', '=', sold!).execute();
        await trx.updateTable('artworks').set({ status: 'reserved', reserved_by: userId, reserved_until: new Date(Date.now() - 1000).toISOString(), updated_at: now }).where('id', '=', lapsed!).execute();
        await recordCatalogueChanges(trx, [sold!, lapsed!], now);
      });
      await expect.poll(() => inIndex(sold!), { timeout: 10_000, interval: 50 }).toBe(false);
      await expect.poll(() => db.selectFrom('artworks').select(['status', 'reserved_by']).where('id', '=', lapsed!).executeTakeFirstOrThrow(), { timeout: 10_000 })
        .toEqual({ status: 'available', reserved_by: null });
      await expect.poll(() => inIndex(lapsed!), { timeout: 10_000, interval: 50 }).toBe(true);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
  });

  it('as the leader, refunds a charge the provider made past the grace period that never became an order, once', async () => {
    const ledger = await openPaymentLedger(ledgerLocation(temp));
    const key = randomUUID();
    const chargedAt = new Date(Date.now() - REFUND_GRACE_MS - 60_000).toISOString();
    await ledger.record({ idempotency_key: key, amount_minor: 12_300, currency: 'EUR', outcome: 'charged', reference: `sim_${key}`, reason: null, created_at: chargedAt });
    const refunded: string[] = [];
    const errors: unknown[] = [];
    const stop = followCatalogue({
      location: temp.location,
      db, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili }], indexUid, intervalMs: 100, ledger,
      onRefund: (k) => refunded.push(k), onError: (e) => errors.push(e),
    });
    try {
      await expect.poll(() => refunded, { timeout: 10_000 }).toEqual([key]);
      expect(await ledger.findRefund(key)).toMatchObject({ amount_minor: 12_300, currency: 'EUR' });
      expect(await db.selectFrom('charge_refunds').select(['payment_reference', 'refund_reference']).where('idempotency_key', '=', key).executeTakeFirst())
        .toEqual({ payment_reference: `sim_${key}`, refund_reference: (await ledger.findRefund(key))!.reference });
    } finally {
      await stop();
      await ledger.close();
    }
    expect(errors).toEqual([]);
  });
});
