import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBasket, openDatabase, quoteCheckout, type Db } from '@easel/data';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import { REFUND_GRACE_MS, sweepUnorderedCharges } from '@easel/data/queries/refunds';
import { DEFAULT_INDEX_UID, meiliClient } from '@easel/indexer';
import { SEARCH_BUDGET_MS } from '@easel/search-service/budget';
import { addSession, addUser } from '../../data/test/fixtures';
import { catalogueDocuments, indexDocuments } from '../../indexer/test/catalogue-documents';
import { TEST_CARDS } from '../../storefront/lib/checkout/payment';
import { CLUSTER_PARTS, startCluster, type RunningCluster } from './cluster';
import type { BudgetedAnswer } from './haproxy';
import { startFaultRelay, type FaultRelay } from './fault-relay';
import { createNetwork, type PrivateNetwork } from './network';

/**
 * The fault suite, Jepsen-style: the cluster with every part on a host of its own (a network
 * namespace on a private bridge), and faults between the hosts: a host's link cut, latency and
 * loss on the link between the storefronts and PostgreSQL (a relay in this process), a process
 * frozen. Each scenario runs under a steady load of searches, edits and a 50-way checkout of one
 * original, heals, and then the invariants are checked:
 * - no original sold twice;
 * - every charge has exactly one order, or a refund (never both, never neither);
 * - no edit acknowledged to its editor is lost;
 * - every engine holds exactly the documents the database gives, after healing;
 * - every search is answered or refused fast (never hung, never cut off): a refusal is a 503 with
 *   Retry-After or a 504, and HAProxy's front door answers or refuses each within its share of the
 *   1000 ms budget; how long each took is a figure.
 * What each scenario cost (failed requests, time to heal) is printed, and kept in docs/RELIABILITY.md.
 */

const ARTWORKS = 300;
const SHOPPERS = 50;

let dataDir: string;
let network: PrivateNetwork;
let relay: FaultRelay;
let cluster: RunningCluster;
let db: Db;
const figures: Record<string, unknown>[] = [];

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-faults-'));
  network = await createNetwork([...CLUSTER_PARTS]);
  // The storefronts reach PostgreSQL through a relay that can slow and lose their traffic.
  const postgres = network.hosts.get('postgres')!;
  relay = await startFaultRelay({ host: network.gateway }, { host: postgres.address, port: 5432 });
  cluster = await startCluster({
    dataDir,
    network,
    storefrontDatabase: relay.address,
    catalogue: { seed: 11, artworks: ARTWORKS },
    env: {
      RATE_LIMIT_SEARCH_PER_MINUTE: '0', RATE_LIMIT_LOGIN_PER_MINUTE: '0', RATE_LIMIT_JOIN_PER_MINUTE: '0',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '0', RATE_LIMIT_MEDIA_PER_MINUTE: '0',
    },
  });
  db = await openDatabase(cluster.databaseUrl);
}, 900_000);

afterAll(async () => {
  console.log(`Fault suite figures:\n${figures.map((f) => JSON.stringify(f)).join('\n')}`);
  await db?.destroy();
  await cluster?.stop();
  await relay?.close();
  await network?.remove();
  await fsp.rm(dataDir, { recursive: true, force: true });
}, 120_000);

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };

async function signedIn(role: 'user' | 'staff') {
  const userId = await addUser(db, undefined, `${role}-${randomUUID()}@example.com`);
  if (role !== 'user') await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  const session = randomUUID();
  await addSession(db, session, userId);
  return { userId, session };
}

/** `request` sent by `count` clients at once, each as soon as its last was answered, until stopped. */
function steady<T>(count: number, request: () => Promise<T>) {
  const outcomes: T[] = [];
  let running = true;
  const worker = async () => {
    while (running) outcomes.push(await request());
  };
  const workers = Array.from({ length: count }, worker);
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

interface SearchOutcome {
  /** 0 when no answer came: the connection failed or was cut, or (`hung`) nothing came in 10 s. */
  status: number;
  hung?: boolean;
  ms: number;
  retryAfter: string | null;
}

/** Gallery searches through the front door, three at a time. */
function searches() {
  return steady(3, async (): Promise<SearchOutcome> => {
    const started = performance.now();
    const low = Math.floor(Math.random() * 5_000);
    try {
      // Longer than any answer should take: a search still open then is a hung one.
      const response = await fetch(`${cluster.url}/api/v2/product/s/?price_min=${low}&price_max=${low + 2_000}`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get('retry-after') };
    } catch (error) {
      return { status: 0, ms: performance.now() - started, retryAfter: null, hung: (error as Error).name === 'TimeoutError' };
    }
  });
}

/** The price each edited work was last acknowledged at, by id. */
const acknowledged = new Map<number, number>();

/**
 * One staff editor changing prices of the catalogue's last works through the front door, one at a
 * time, each edit sent again until it is acknowledged, as an editor pressing Save again would.
 */
async function editor() {
  const staff = await signedIn('staff');
  const works = await db.selectFrom('artworks').select(['id', 'slug']).where('status', '=', 'available').orderBy('id', 'desc').limit(40).execute();
  let failed = 0;
  let n = 0;
  const load = steady(1, async () => {
    const work = works[n++ % works.length]!;
    const price = 100_000 + Math.floor(Math.random() * 900_000);
    for (;;) {
      const status = await fetch(`${cluster.url}/api/product/edit/?slug=${work.slug}`, {
        method: 'PATCH', headers: { ...SAME_ORIGIN, cookie: `sessionid=${staff.session}` }, body: JSON.stringify({ price_minor: price }), signal: AbortSignal.timeout(30_000),
      }).then((r) => r.status, () => 0);
      if (status === 200) {
        acknowledged.set(work.id, price);
        return;
      }
      failed++;
      await sleep(250);
    }
  });
  return { stop: load.stop, failed: () => failed, edits: () => load.outcomes.length };
}

/**
 * Fifty shoppers checking out one original at once through the front door; each sends its order
 * again with the same Idempotency-Key until it has a sale or a refusal, as the checkout page does.
 * Resolves with how many requests failed on the way (5xx or no answer).
 */
async function prepareCheckoutRace() {
  const work = await db.selectFrom('artworks as w')
    .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', 'GB'))
    .select(['w.id', 'w.slug']).where('w.status', '=', 'available').where('w.reserved_until', 'is', null).orderBy('w.id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const shoppers: { session: string; userId: number; key: string }[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const { userId, session } = await signedIn('user');
    expect(await addToBasket(db, { userId }, { slug: work.slug }, now)).toMatchObject({ ok: true });
    shoppers.push({ session, userId, key: randomUUID() });
  }
  const quote = await quoteCheckout(db, shoppers[0]!.userId, 'GB', 'GBP', new Date(now));
  if (!quote.ok) throw new Error(`the original cannot be quoted: ${quote.reason}`);
  return {
    work,
    keys: shoppers.map((s) => s.key),
    race: async () => {
      let failed = 0;
      const finals = await Promise.all(shoppers.map(async (s) => {
        for (let attempt = 0; attempt < 40; attempt++) {
          const status = await fetch(`${cluster.url}/api/checkout/order/`, {
            method: 'POST',
            headers: { ...SAME_ORIGIN, cookie: `sessionid=${s.session}`, 'idempotency-key': s.key },
            body: JSON.stringify({
              currency: 'GBP', quoted_total_minor: quote.total_minor,
              ship_to: { name: 'Ada Lovelace', line1: '12 St James’s Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' },
              card: { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '123' },
            }),
            signal: AbortSignal.timeout(30_000),
          }).then(async (r) => (await r.arrayBuffer(), r.status)).catch(() => 0);
          if (status === 201 || status === 409) return status;
          failed++;
          await sleep(500);
        }
        return 0;
      }));
      return { failed, sold: finals.filter((f) => f === 201).length, unanswered: finals.filter((f) => f === 0).length };
    },
  };
}

/** The invariants every scenario ends with; `keys` are this scenario's checkout keys. */
async function checkInvariants(keys: string[], workId: number) {
  // No original sold twice, in this race or ever.
  const twice = await db.selectFrom('order_lines').select(['artwork_id', sql<number>`count(*)`.as('sales')])
    .where('print_edition_id', 'is', null).groupBy('artwork_id').having(sql`count(*)`, '>', 1).execute();
  expect(twice).toEqual([]);
  const orders = await db.selectFrom('orders as o').innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.idempotency_key', 'o.payment_reference']).where('l.artwork_id', '=', workId).execute();
  expect(orders).toHaveLength(1);

  // Every charge has exactly one order, or a refund: never both, never neither, never two orders.
  const ledger = await openPaymentLedger(cluster.databaseUrl);
  try {
    const orders = new Map<string, number>();
    for (const row of await db.selectFrom('orders').select(['payment_reference']).execute()) {
      if (row.payment_reference) orders.set(row.payment_reference, (orders.get(row.payment_reference) ?? 0) + 1);
    }
    const ends = await Promise.all((await ledger.all()).filter((c) => c.outcome === 'charged').map(async (c) => ({
      key: c.idempotency_key, orders: orders.get(c.reference!) ?? 0, refunded: (await ledger.findRefund(c.idempotency_key)) !== undefined,
    })));
    expect(ends.filter((e) => e.orders > 1 || (e.orders === 1) === e.refunded)).toEqual([]);
    // The race: one of its fifty keys became the sale; any other key that was charged, refunded.
    const ours = new Set(keys);
    expect(ends.filter((e) => ours.has(e.key) && e.orders === 1)).toHaveLength(1);
  } finally {
    await ledger.close();
  }

  // No acknowledged edit lost.
  const prices = await db.selectFrom('artworks').select(['id', 'price_minor']).where('id', 'in', [...acknowledged.keys()]).execute();
  expect(prices.filter((p) => p.price_minor !== acknowledged.get(p.id))).toEqual([]);
}

/**
 * Runs the refund sweep as the leading indexer would once REFUND_GRACE_MS (four times the window
 * in which a retry can still turn a charge into its order) has passed, so every charge with no
 * order now is refunded; answers how many it refunded.
 */
async function sweepAsAfterTheGrace(): Promise<number> {
  const ledger = await openPaymentLedger(cluster.databaseUrl);
  try {
    return (await sweepUnorderedCharges(db, ledger, new Date(Date.now() + REFUND_GRACE_MS))).refunded.length;
  } finally {
    await ledger.close();
  }
}

/** Waits until every engine holds exactly what the database gives; answers how long that took. */
async function enginesEqualDatabase(): Promise<number> {
  const started = performance.now();
  await expect.poll(async () => {
    const expected = await catalogueDocuments(db);
    const differ: string[] = [];
    for (const engine of cluster.engines) {
      const held = await indexDocuments(meiliClient({ url: engine.url, masterKey: engine.key }), DEFAULT_INDEX_UID).catch(() => new Map());
      const wrong = [...expected].filter(([id, doc]) => JSON.stringify(held.get(id)) !== JSON.stringify(doc)).length + [...held.keys()].filter((id) => !expected.has(id)).length;
      if (wrong) differ.push(`${engine.name}: ${wrong} documents differ`);
    }
    return differ;
  }, { timeout: 60_000, interval: 250 }).toEqual([]);
  return Math.round(performance.now() - started);
}

/**
 * Every search answered or refused fast, never hung. The client sees no search hang (each had
 * 10 s), and a refusal says why: 503 with Retry-After, or a 504 (the contract's, or HAProxy's, with
 * Retry-After). The front door, which gives a storefront SEARCH_WAITS_MS.frontProxy to answer a
 * search, ended every one itself (HAProxy's termination state): answered whole (`----`), refused
 * at its budget before the answer began (`sH`, a 504) or with no storefront to take it (`sC`, a
 * 503), or cut at its budget after the storefront had begun an answer and stalled (`sD`: HAProxy
 * cannot send a 504 once it has passed the headers on), which is the only way a search may fail
 * at the client; never a client that gave up (`C`) or a storefront that dropped its answer (`SD`).
 * How long each took, at the door and at this client, is a figure (docs/RELIABILITY.md): on two
 * cores shared by the whole cluster, the load and other work, a process's wait for the processor
 * is the machine's, and timing is a benchmark's business, not a pass or fail.
 */
/** `dropped`: the log lines HAProxy counted as dropped while these searches ran. */
function checkSearches(outcomes: SearchOutcome[], answered: BudgetedAnswer[], dropped: number) {
  expect(outcomes.length).toBeGreaterThan(0);
  expect(outcomes.filter((o) => o.hung)).toEqual([]);
  expect(outcomes.filter((o) => o.status !== 0 && o.status !== 200 && !(o.status === 503 && o.retryAfter) && o.status !== 504)).toEqual([]);
  expect(answered.length + dropped).toBeGreaterThanOrEqual(outcomes.length);
  expect(answered.filter((a) => ![200, 503, 504].includes(a.status) || /^[Cc]|^SD/.test(a.termination))).toEqual([]);
  expect(outcomes.filter((o) => o.status === 0).length).toBeLessThanOrEqual(answered.filter((a) => a.termination.startsWith('sD')).length);
}

/**
 * Runs `fault` (which resolves once healed, with figures of its own) under the steady load, then
 * checks the invariants and records the figures.
 */
async function scenario(name: string, fault: () => Promise<Record<string, unknown>>) {
  const checkout = await prepareCheckoutRace();
  const logged = cluster.frontSearches.length;
  const droppedBefore = await cluster.frontDroppedLogs();
  const search = searches();
  const edits = await editor();
  let race: Awaited<ReturnType<typeof checkout.race>> | undefined;
  let own: Record<string, unknown> = {};
  try {
    await sleep(1_000);
    const raced = checkout.race();
    own = await fault();
    race = await raced;
    await sleep(1_000);
  } finally {
    await Promise.all([search.stop(), edits.stop()]);
  }
  // HAProxy logs a search once it has ended: the last lines may come a moment after their answers.
  // A line it could not write (its output full on a busy machine) it counts as dropped instead.
  const statuses = [...new Set(search.outcomes.map((o) => o.status))].map((status) => `${search.outcomes.filter((o) => o.status === status).length} × ${status}`).join(', ');
  let dropped = 0;
  const accounted = async () => cluster.frontSearches.length - logged + (dropped = (await cluster.frontDroppedLogs()) - droppedBefore);
  await expect.poll(accounted, { timeout: 5_000, message: `HAProxy logs every search sent, or counts the line as dropped (${statuses}; 0 is no answer)` }).toBeGreaterThanOrEqual(search.outcomes.length);
  if (dropped > 0) console.log(`${name}: HAProxy dropped ${dropped} log lines; their searches' timings are not checked.`);
  const answered = cluster.frontSearches.slice(logged);
  const enginesHealMs = await enginesEqualDatabase();
  const chargesRefunded = await sweepAsAfterTheGrace();
  const times = search.outcomes.map((o) => o.ms).sort((a, b) => a - b);
  figures.push({
    scenario: name,
    ...own,
    searches: search.outcomes.length,
    searchesFailed: search.outcomes.filter((o) => o.status === 0).length,
    searchesRefused: search.outcomes.filter((o) => o.status !== 200).length,
    searchesOverBudget: times.filter((ms) => ms > SEARCH_BUDGET_MS).length,
    frontDoorOverBudget: answered.filter((a) => a.ms > SEARCH_BUDGET_MS).length,
    frontDoorSlowestMs: Math.max(0, ...answered.map((a) => a.ms)),
    frontDoorEndings: Object.fromEntries([...new Set(answered.map((a) => `${a.status} ${a.termination}`))].map((k) => [k, answered.filter((a) => `${a.status} ${a.termination}` === k).length])),
    refusalSlowestMs: Math.round(Math.max(0, ...search.outcomes.filter((o) => o.status !== 200).map((o) => o.ms))),
    searchP99Ms: Math.round(times[Math.floor(times.length * 0.99)] ?? 0),
    searchSlowestMs: Math.round(times[times.length - 1] ?? 0),
    edits: edits.edits(),
    editRequestsFailed: edits.failed(),
    checkoutRequestsFailed: race?.failed,
    checkoutUnanswered: race?.unanswered,
    chargesRefunded,
    enginesEqualDatabaseAfterMs: enginesHealMs,
  });
  await checkInvariants(checkout.keys, checkout.work.id);
  checkSearches(search.outcomes, answered, dropped);
  expect(race?.unanswered).toBe(0);
  expect(race?.sold).toBe(1);
}

/** Which indexer holds the leadership lock now, by its host's address. */
async function leadingIndexer(): Promise<string | undefined> {
  const { rows } = await sql<{ address: string }>`
    SELECT host(a.client_addr) AS address FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted`.execute(db);
  const address = rows[0]?.address;
  return [...network.hosts.values()].find((h) => h.address === address)?.name;
}

async function statusOf(service: string, server: string) {
  const response = await fetch(`${cluster.urls.haproxy};csv`);
  const csv = await response.text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const row = rows.map((r) => r.split(',')).find((cells) => cells[columns.indexOf('pxname')] === service && cells[columns.indexOf('svname')] === server);
  return row?.[columns.indexOf('status')];
}

/** A scenario: its load, its fault, healing, and the invariants, on a busy machine. */
const SCENARIO_TIMEOUT_MS = 180_000;

describe('the cluster under faults between its hosts', () => {
  it('partitions storefront-1 from PostgreSQL in the middle of checkouts', async () => {
    await scenario('storefront-1 cut off from PostgreSQL mid-checkout', async () => {
      await sleep(100);
      // Its link to PostgreSQL only: HAProxy still reaches it.
      relay.set({ latencyMs: 0, loss: 0, cut: [network.hosts.get('storefront-1')!.address] });
      await sleep(6_000);
      relay.set({ latencyMs: 0, loss: 0 });
      const healed = performance.now();
      await expect.poll(() => statusOf('front', 'storefront-1'), { timeout: 30_000 }).toBe('UP');
      return { partitionMs: 6_000, backInRotationAfterMs: Math.round(performance.now() - healed) };
    });
  }, SCENARIO_TIMEOUT_MS);

  it('adds 200 ms of latency and 5% loss between the storefronts and PostgreSQL', async () => {
    await scenario('200 ms latency and 5% loss, storefronts to PostgreSQL', async () => {
      relay.set({ latencyMs: 200, loss: 0.05 });
      await sleep(10_000);
      relay.set({ latencyMs: 0, loss: 0 });
      return { faultMs: 10_000 };
    });
  }, SCENARIO_TIMEOUT_MS);

  it('partitions the leading indexer from PostgreSQL: its lease lapses and the other takes over', async () => {
    await scenario('leading indexer cut off', async () => {
      const leader = await leadingIndexer();
      expect(leader).toMatch(/^indexer-[12]$/);
      const other = leader === 'indexer-1' ? 'indexer-2' : 'indexer-1';
      await network.isolate(leader!);
      const cut = performance.now();
      await expect.poll(leadingIndexer, { timeout: 30_000, interval: 200 }).toBe(other);
      const takeoverMs = Math.round(performance.now() - cut);
      await sleep(2_000);
      await network.reconnect(leader!);
      return { partitioned: leader, takeoverMs };
    });
  }, SCENARIO_TIMEOUT_MS);

  it('partitions one Meilisearch from its indexer, then heals: it catches up', async () => {
    await scenario('meili-1 cut off', async () => {
      await network.isolate('meili-1');
      await expect.poll(() => statusOf('search', 'search-1'), { timeout: 15_000 }).toMatch(/^DOWN/);
      await sleep(5_000);
      await network.reconnect('meili-1');
      const healed = performance.now();
      await expect.poll(() => statusOf('search', 'search-1'), { timeout: 30_000 }).toBe('UP');
      return { backInRotationAfterMs: Math.round(performance.now() - healed) };
    });
  }, SCENARIO_TIMEOUT_MS);

  it('freezes a search replica with SIGSTOP: HAProxy routes around it', async () => {
    await scenario('search-1 frozen (SIGSTOP)', async () => {
      cluster.freeze('search-1', true);
      const frozen = performance.now();
      await expect.poll(() => statusOf('search', 'search-1'), { timeout: 15_000, interval: 50 }).toMatch(/^DOWN/);
      const outOfRotationMs = Math.round(performance.now() - frozen);
      await sleep(4_000);
      cluster.freeze('search-1', false);
      await expect.poll(() => statusOf('search', 'search-1'), { timeout: 30_000 }).toBe('UP');
      return { outOfRotationMs };
    });
  }, SCENARIO_TIMEOUT_MS);
});
