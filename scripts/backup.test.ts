import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addToBasket, DEFAULT_SEARCH_ENGINE, editArtwork, getDataConfig, getIndexableArtworks, openDatabase, placeOrder, saveSearchIndexState, seedCatalogue, startCheckout, type DataConfig, type Db,
} from '@easel/data';
import { createPostgresDatabase, databaseUrl, postgresDatabaseExists, startEmbeddedPostgres, type RunningPostgres } from '@easel/data/embedded-postgres';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { getFreePort, startProcess, startTsx } from '@easel/shared/process';
import { getMeiliConfig, isSearchable, meiliClient } from '@easel/indexer';
import type {} from '../indexer/test/meili-global-setup';
import { addUser } from '../data/test/fixtures';
import { BackupError, restoreBackup } from './backups';

/**
 * The restore drill, on SQLite and on PostgreSQL: a backup taken by `npm run backup` in a process
 * of its own while this one writes steadily (accounts, orders with their charges, price edits),
 * restored by restoreBackup into a fresh stack (a new data folder, or a new PostgreSQL server)
 * with a fresh index, and compared with what was committed.
 */

const meili = inject('meili');
let dir: string;
/** The PostgreSQL servers started here: the shop's, and the fresh one restored into. */
const servers: RunningPostgres[] = [];
const configFor = (file: string) => getDataConfig({ DATABASE_FILE: file });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-restore-'));
  // Run as root, PostgreSQL runs as a user of its own, which must reach its folder inside this one.
  fs.chmodSync(dir, 0o755);
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A new PostgreSQL server with its files in `dir`; the address of its new database `easel`. */
async function postgresServer(name: string): Promise<string> {
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, name), port: await getFreePort(), throwaway: true });
  servers.push(server);
  return server.url;
}

/** The shop being backed up: its database, its provider's ledger, and originals each write may take. */
interface Shop {
  db: Db;
  ledger: PaymentLedger;
  /** Originals for sale that ship to GB, each taken by one write only: a work is ordered or edited once. */
  works: { id: number; slug: string }[];
}

/** What one write of the load committed, and when its commit had returned. */
type Committed =
  | { kind: 'account'; at: number; userId: number; email: string }
  | { kind: 'order'; at: number; orderId: number; key: string; total: number; reference: string }
  | { kind: 'edit'; at: number; artworkId: number; price: number };

/** Writes between two, in ms: a steady 50 a second, each as the shop makes it. */
const WRITE_EVERY_MS = 20;
let writes = 0;

/** A steady load of writes on `shop` until `stop` resolves. */
async function writeLoad({ db, ledger, works }: Shop, stop: Promise<unknown>): Promise<Committed[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const committed: Committed[] = [];
  while (!stopped) {
    await new Promise((resolve) => setTimeout(resolve, WRITE_EVERY_MS));
    const i = writes++;
    const now = new Date();
    if (i % 3 === 0) {
      const email = `drill-${i}@example.com`;
      committed.push({ kind: 'account', at: Date.now(), userId: await addUser(db, undefined, email), email });
    } else if (i % 3 === 1) {
      const work = works.pop()!;
      const userId = await addUser(db, undefined, `buyer-${i}@example.com`);
      const holder = { userId, address: `127.9.${i >> 8}.${i & 255}` };
      expect(await addToBasket(db, { userId }, { slug: work.slug }, now.toISOString())).toMatchObject({ ok: true });
      const quote = await startCheckout(db, holder, { destination: 'GB', currency: 'GBP' }, now);
      if (!quote.ok) throw new Error(`checkout refused: ${quote.reason}`);
      const key = randomUUID();
      const answer = await placeOrder(db, { holder, idempotencyKey: key, shipTo: { name: 'Ada', address: '1 Road\nLondon', country: 'GB' }, currency: 'GBP', quotedTotalMinor: quote.total_minor }, {
        pay: async ({ amountMinor, currency, idempotencyKey }) => {
          const row = await ledger.record({ idempotency_key: idempotencyKey, amount_minor: amountMinor, currency, outcome: 'charged', reference: `sim_${idempotencyKey}`, reason: null, created_at: new Date().toISOString() });
          return { ok: true, reference: row.reference!, charged_at: row.created_at };
        },
        answer: (outcome) => ({ status: outcome.ok ? 201 : 409, body: JSON.stringify(outcome) }),
        receipt: () => ({ subject: 'Your order', body: '' }),
      }, now);
      if (!('status' in answer) || answer.status !== 201) throw new Error(`order refused: ${JSON.stringify(answer)}`);
      const { order } = JSON.parse(answer.body) as { order: { id: number; total_minor: number; payment_reference: string } };
      committed.push({ kind: 'order', at: Date.now(), orderId: order.id, key, total: order.total_minor, reference: order.payment_reference });
    } else {
      const work = works.shift()!;
      const price = 10_000 + i * 100;
      expect(await editArtwork(db, work.id, { price_minor: price, sale_price_minor: null }, now.toISOString())).toEqual({ ok: true });
      committed.push({ kind: 'edit', at: Date.now(), artworkId: work.id, price });
    }
  }
  return committed;
}

describe.each(['sqlite', 'postgres'] as const)('the restore drill on %s', (engine) => {
  const indexUid = `test_restore_${engine}_${randomUUID().slice(0, 8)}`;
  const meiliConfig = getMeiliConfig({ MEILI_URL: meili.url, MEILI_MASTER_KEY: meili.masterKey, SEARCH_INDEX: indexUid });
  /** The shop's data, and where it is restored to. */
  let live: DataConfig;
  let restored: DataConfig;
  let shop: Shop;

  beforeAll(async () => {
    if (engine === 'sqlite') {
      live = configFor(path.join(dir, 'live', 'easel.db'));
      restored = configFor(path.join(dir, 'restored', 'easel.db'));
      fs.mkdirSync(path.dirname(live.DATABASE_FILE));
    } else {
      live = getDataConfig({ DATABASE_URL: await createPostgresDatabase(await postgresServer('live-postgres'), 'easel') });
      restored = getDataConfig({ DATABASE_URL: databaseUrl(await postgresServer('fresh-postgres'), 'easel') });
    }
    const db = await openDatabase(live.DATABASE);
    await seedCatalogue(db, { seed: 21, artworks: 1500 });
    const works = await db
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', 'GB'))
      .select(['w.id', 'w.slug'])
      .where('w.status', '=', 'available')
      .orderBy('w.id')
      .execute();
    // The live stack's engines have their progress recorded, as a running shop's do.
    for (const engine of ['main', 'engine-2']) {
      await saveSearchIndexState(db, { engine, index_uid: indexUid, fingerprint: 'live', documents: 1, built_at: '2026-01-01T00:00:00Z', duration_ms: 1, last_change_id: 1, synced_at: null });
    }
    shop = { db, ledger: await openPaymentLedger(live.PAYMENTS_LEDGER), works };
  });
  afterAll(async () => {
    await shop?.ledger.close();
    await shop?.db.destroy();
    await meiliClient({ url: meili.url, masterKey: meili.masterKey }).deleteIndexIfExists(indexUid);
  });

  it('backs up under a steady write load; the restore has every write committed before the backup began, and search agrees with it', async () => {
    const file = path.join(dir, `drill-${engine}.tar`);
    // Writes before the backup, then the backup in its own process while the writes go on.
    const warmUp = new Promise((resolve) => setTimeout(resolve, 1500));
    const before = await writeLoad(shop, warmUp);
    const began = Date.now();
    const location = engine === 'sqlite' ? { DATABASE_FILE: live.DATABASE_FILE } : { DATABASE_URL: live.DATABASE };
    const backup = startTsx(path.join(import.meta.dirname, 'backup.ts'), [file], { env: { ...process.env, ...location }, stdio: ['ignore', 'ignore', 'inherit'] });
    const during = await writeLoad(shop, backup);
    expect((await backup).exitCode).toBe(0);
    const ended = Date.now();
    expect(before.length).toBeGreaterThan(6);
    expect(during.filter((w) => w.at > began && w.at < ended).length).toBeGreaterThan(0);

    const { manifest, documents } = await restoreBackup(restored, meiliConfig, file);
    expect(manifest.engine).toBe(engine);
    expect(Date.parse(manifest.began_at)).toBeGreaterThanOrEqual(began);
    const copy = await openDatabase(restored.DATABASE);
    const books = await openPaymentLedger(restored.PAYMENTS_LEDGER);
    try {
      // Every write committed before the backup began is there.
      const committedBefore = [...before, ...during.filter((w) => w.at < began)];
      for (const write of committedBefore) {
        if (write.kind === 'account') {
          expect(await copy.selectFrom('users').select('email').where('id', '=', write.userId).executeTakeFirst()).toEqual({ email: write.email });
        } else if (write.kind === 'order') {
          expect(await copy.selectFrom('orders').select(['id', 'total_minor', 'payment_reference']).where('idempotency_key', '=', write.key).executeTakeFirst())
            .toEqual({ id: write.orderId, total_minor: write.total, payment_reference: write.reference });
          expect(await books.find(write.key)).toMatchObject({ outcome: 'charged', amount_minor: write.total });
        } else {
          expect(await copy.selectFrom('artworks').select('price_minor').where('id', '=', write.artworkId).executeTakeFirst()).toEqual({ price_minor: write.price });
        }
      }
      // One snapshot: every order restored has its lines and its charge.
      const orders = await copy.selectFrom('orders').select(['id', 'idempotency_key']).execute();
      expect(orders.length).toBeGreaterThanOrEqual(committedBefore.filter((w) => w.kind === 'order').length);
      for (const order of orders) {
        expect(await copy.selectFrom('order_lines').select('id').where('order_id', '=', order.id).execute()).not.toHaveLength(0);
        expect(await books.find(order.idempotency_key)).toMatchObject({ outcome: 'charged' });
      }

      // The index rebuilt from the restored catalogue holds exactly its works for sale, at their prices.
      const expected = new Map<number, number>();
      for (let afterId = 0; ;) {
        const page = await getIndexableArtworks(copy, { afterId, limit: 500 });
        if (page.length === 0) break;
        for (const work of page.filter(isSearchable)) expected.set(work.id, work.sale_price_minor ?? work.price_minor);
        afterId = page[page.length - 1]!.id;
      }
      const { results } = await meiliClient({ url: meili.url, masterKey: meili.masterKey }).index(indexUid)
        .getDocuments<{ id: number; price_gbp: number }>({ limit: 10_000, fields: ['id', 'price_gbp'] });
      expect(documents).toBe(expected.size);
      // Only the engine rebuilt by the restore has a recorded state, its own; the backed-up engines' are gone.
      expect(await copy.selectFrom('search_engine_state').select(['engine', 'index_uid']).execute()).toEqual([{ engine: DEFAULT_SEARCH_ENGINE, index_uid: indexUid }]);
      expect(new Map(results.map((d) => [d.id, d.price_gbp]))).toEqual(expected);
      const edited = committedBefore.find((w) => w.kind === 'edit')!;
      expect(results.find((d) => d.id === edited.artworkId)?.price_gbp).toBe(edited.price);
    } finally {
      await books.close();
      await copy.destroy();
    }
  });

  it.runIf(engine === 'postgres')('refuses to restore over a database that exists, or into a SQLite folder, leaving both as they were', async () => {
    const file = path.join(dir, `drill-${engine}.tar`);
    const { server, name } = { server: databaseUrl(restored.DATABASE, 'postgres'), name: 'easel' };
    const db = await openDatabase(restored.DATABASE);
    const orders = async () => (await db.selectFrom('orders').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    try {
      const had = await orders();
      const over = await restoreBackup(restored, meiliConfig, file).then(() => 'restored', (e: unknown) => e);
      expect(String(over)).toContain(`The database "${name}" already exists on`);
      expect(await orders()).toBe(had);
      const fresh = path.join(dir, 'fresh-sqlite', 'easel.db');
      const intoSqlite = await restoreBackup(configFor(fresh), meiliConfig, file).then(() => 'restored', (e: unknown) => e);
      expect(String(intoSqlite)).toContain('is a backup of a PostgreSQL database: set DATABASE_URL');
      expect(fs.existsSync(fresh)).toBe(false);
      // No database restored under a passing name is left behind.
      const left = await db.selectNoFrom(sql<string>`(SELECT string_agg(datname, ',') FROM pg_database WHERE datname LIKE '%restoring%')`.as('names')).executeTakeFirstOrThrow();
      expect(left.names).toBeNull();
      expect(await postgresDatabaseExists(server, name)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});

describe('a restore refused', () => {
  const meiliConfig = getMeiliConfig({ MEILI_URL: meili.url, MEILI_MASTER_KEY: meili.masterKey, SEARCH_INDEX: 'test_restore_refused' });
  const live = () => path.join(dir, 'live', 'easel.db');

  it('refuses a missing file, a file that is not a backup and a data folder that is not fresh, leaving the folder as it was', async () => {
    const fresh = path.join(dir, 'fresh', 'easel.db');
    const refusal = (file: string, into = fresh) => restoreBackup(configFor(into), meiliConfig, file).then(() => 'restored', (e: unknown) => e);
    expect(await refusal(path.join(dir, 'no-such.tar'))).toEqual(new BackupError(`There is no backup file at ${path.join(dir, 'no-such.tar')}.`));
    const junk = path.join(dir, 'junk.tar');
    fs.writeFileSync(junk, 'not a backup');
    expect(String(await refusal(junk))).toContain('is not an Easel backup');
    // A tar archive that is not a backup: no manifest.
    const stranger = path.join(dir, 'stranger.tar');
    expect((await startProcess('tar', ['-cf', stranger, '-C', dir, 'junk.tar'])).exitCode).toBe(0);
    expect(String(await refusal(stranger))).toContain('has no manifest');
    // A data folder that already holds a database is left alone.
    expect(String(await refusal(junk, live()))).toContain(`${live()} already exists`);
    expect(fs.existsSync(fresh)).toBe(false);
    expect(fs.readdirSync(path.dirname(fresh)).filter((f) => !f.startsWith('.'))).toEqual([]);
  });
});
