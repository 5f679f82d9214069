import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToBasket, openDatabase, quoteCheckout, type Db, type Role } from '@easel/data';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import { addSession, addUser, firstOriginalShippingTo } from '../../data/test/fixtures';
import { TEST_CARDS } from '../../storefront/lib/checkout/payment';
import { phonePhoto } from '../../storefront/lib/listing/photos.fixture';
import { startCluster, type RunningCluster } from './cluster';

/**
 * The product as `npm run start:cluster` runs it, on a temporary folder: two storefronts on one
 * PostgreSQL, two search services each on its own engine, two indexers, HAProxy in front. Here the
 * replicas are shown to share their state (one sale of an original however many storefronts
 * race for it), to see the same catalogue (an edit through one is found through the other), and
 * to stand in for each other when one part is stopped or killed.
 */

/** Small enough to seed and index in seconds. */
const ARTWORKS = 300;
const SHOPPERS = 50;

let dataDir: string;
let cluster: RunningCluster;
let db: Db;
/** HAProxy's rotation changes, as they happen. */
const rotation: { at: number; line: string }[] = [];

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-cluster-'));
  cluster = await startCluster({
    dataDir,
    catalogue: { seed: 7, artworks: ARTWORKS },
    // Every test request comes from this machine's one address, many times faster than a
    // shopper; the limits themselves are tested in-process (docs/SECURITY.md, "Rate limits").
    env: {
      RATE_LIMIT_SEARCH_PER_MINUTE: '0',
      RATE_LIMIT_LOGIN_PER_MINUTE: '0',
      RATE_LIMIT_JOIN_PER_MINUTE: '0',
      RATE_LIMIT_CHECKOUT_PER_MINUTE: '0',
      RATE_LIMIT_LISTING_PER_MINUTE: '0',
      RATE_LIMIT_MEDIA_PER_MINUTE: '0',
    },
    log: (line) => rotation.push({ at: performance.now(), line }),
  });
  db = await openDatabase(cluster.databaseUrl);
}, 900_000);

afterAll(async () => {
  await db?.destroy();
  await cluster?.stop();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

/** A fresh account of this role, signed in by a session written straight to the database: its id and session cookie. */
async function signedIn(role: Role) {
  const userId = await addUser(db, undefined, `${role}-${randomUUID()}@example.com`);
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  const session = randomUUID();
  await addSession(db, session, userId);
  return { userId, session };
}

/** What our own pages' requests say, so the cross-site guard lets a state-changing call through. */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' };

async function send(url: string, method: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(url, { method, headers: { ...SAME_ORIGIN, ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { error?: { code: string } } };
}

describe('the cluster', () => {
  it(`sells an original once when ${SHOPPERS} shoppers check it out at once through both storefronts`, async () => {
    const work = await firstOriginalShippingTo(db, 'GB');
    const now = new Date().toISOString();
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const { userId, session } = await signedIn('user');
      expect(await addToBasket(db, { userId }, { slug: work.slug }, now)).toMatchObject({ ok: true });
      shoppers.push({ session, userId, key: randomUUID(), storefront: i % 2 ? cluster.urls['storefront-2'] : cluster.urls['storefront-1'] });
    }
    const quote = await quoteCheckout(db, shoppers[0]!.userId, 'GB', 'GBP', new Date(now));
    if (!quote.ok) throw new Error(`the original cannot be quoted: ${quote.reason}`);

    const answers = await Promise.all(shoppers.map(async (s) => ({
      storefront: s.storefront,
      ...await send(`${s.storefront}/api/checkout/order/`, 'POST', { cookie: `sessionid=${s.session}`, 'idempotency-key': s.key }, {
        currency: 'GBP',
        quoted_total_minor: quote.total_minor,
        ship_to: { name: 'Ada Lovelace', line1: '12 St James’s Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' },
        card: { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '123' },
      }),
    })));

    // Each storefront answered its half, and neither with anything but a sale or a refusal.
    for (const storefront of [cluster.urls['storefront-1'], cluster.urls['storefront-2']]) {
      expect(answers.filter((a) => a.storefront === storefront)).toHaveLength(SHOPPERS / 2);
    }
    expect(answers.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(['sold', 'reserved']).toContain(refused.body.error?.code);
    }

    const orders = await db.selectFrom('orders as o').innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select(['o.idempotency_key', 'o.payment_reference']).where('l.artwork_id', '=', work.id).execute();
    // The payment provider's ledger, table `charges` in the same database.
    const ledger = await openPaymentLedger(cluster.databaseUrl);
    const keys = new Set<string>(shoppers.map((s) => s.key));
    const charges = (await ledger.all().finally(() => ledger.close())).filter((c) => keys.has(c.idempotency_key) && c.outcome === 'charged');
    expect(orders).toHaveLength(1);
    expect(charges.map((c) => ({ idempotency_key: c.idempotency_key, payment_reference: c.reference }))).toEqual(orders);
  });

  it('finds an edit made through one storefront in the other storefront\'s search within 2 s', async () => {
    const work = await db.selectFrom('artworks').select(['slug']).where('status', '=', 'available').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // A price no demo work has, so the price filter finds this work alone.
    const pounds = 880_000 + Math.floor(Math.random() * 10_000);
    const slugsAtPrice = async () => {
      const response = await fetch(`${cluster.urls['storefront-2']}/api/v2/product/s/?price_min=${pounds}&price_max=${pounds}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: { slug: string }[] }).results.map((r) => r.slug);
    };
    expect(await slugsAtPrice()).toEqual([]);

    const staff = await signedIn('staff');
    const edit = await send(`${cluster.urls['storefront-1']}/api/product/edit/?slug=${work.slug}`, 'PATCH', { cookie: `sessionid=${staff.session}` }, { price_minor: pounds * 100 });
    expect(edit.status).toBe(200);
    // The requirement: searchable everywhere within 2 s of the edit's answer.
    await expect.poll(slugsAtPrice, { timeout: 2_000, interval: 50 }).toEqual([work.slug]);
  });

  it('stores every search made through either storefront in PostgreSQL', async () => {
    // Words no work has, one set per replica, so each replica's records are told apart.
    const run = randomUUID().replace(/[^a-f]/g, '').slice(0, 8);
    const made: { searchId: string; query: string }[] = [];
    for (const replica of ['storefront-1', 'storefront-2'] as const) {
      for (let i = 0; i < 10; i++) {
        const query = `${replica.replace('-', '')} ${run} ${i}`;
        // A 504 is the search budget spent on a busy machine, and no search answered: asked again.
        let response: Response;
        for (let attempt = 1; ; attempt++) {
          response = await fetch(`${cluster.urls[replica]}/api/v2/product/s/?q=${encodeURIComponent(query)}`);
          if (response.status !== 504 || attempt === 5) break;
          await response.arrayBuffer();
        }
        expect(response.status).toBe(200);
        made.push({ searchId: ((await response.json()) as { search_id: string }).search_id, query });
      }
    }
    // Each replica drains its write-ahead file every half second into the shared database.
    const byQuery = (a: { query: string }, b: { query: string }) => a.query.localeCompare(b.query);
    const stored = async () => (await db.selectFrom('search_records').select(['search_id as searchId', 'query']).where('search_id', 'in', made.map((m) => m.searchId)).execute()).sort(byQuery);
    await expect.poll(stored, { timeout: 10_000, interval: 250 }).toEqual([...made].sort(byQuery));
  });

  it('serves a photo uploaded through one storefront from the other', async () => {
    const work = await db.selectFrom('artworks').select(['id']).where('status', '=', 'available').orderBy('id', 'asc').executeTakeFirstOrThrow();
    const staff = await signedIn('staff');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await phonePhoto({ width: 1600, height: 1200 }))], { type: 'image/jpeg' }), 'phone.jpg');
    const upload = await fetch(`${cluster.urls['storefront-1']}/api/artist/works/${work.id}/photos/`, {
      method: 'POST', headers: { 'sec-fetch-site': 'same-origin', cookie: `sessionid=${staff.session}` }, body: form,
    });
    expect(upload.status).toBe(201);
    const { photo } = (await upload.json()) as { photo: { url: string; srcset: string } };
    for (const address of [photo.url, ...photo.srcset.split(', ').map((entry) => entry.split(' ')[0]!)]) {
      const served = await fetch(`${cluster.urls['storefront-2']}${address}`);
      expect(served.status, address).toBe(200);
      expect(served.headers.get('content-type'), address).toBe('image/webp');
      expect((await served.arrayBuffer()).byteLength, address).toBeGreaterThan(0);
    }
  });

  /** `request` sent by `count` shoppers at once, each as soon as its last was answered, until stopped: each status (0 for none at all). */
  function steadyStream(count: number, request: () => Promise<Response>) {
    const outcomes: { started: number; status: number; code?: string }[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const started = performance.now();
        const outcome = await request()
          .then(async (response) => {
            const json = response.headers.get('content-type')?.includes('json');
            const body = json ? ((await response.json()) as { error?: { code?: string } }) : (await response.arrayBuffer(), undefined);
            return { status: response.status, code: body?.error?.code };
          })
          .catch(() => ({ status: 0 }));
        outcomes.push({ started, ...outcome });
      }
    };
    const workers = Array.from({ length: count }, worker);
    return {
      outcomes,
      /** Waits for `more` answers. */
      more: (more: number) => {
        const target = outcomes.length + more;
        return expect.poll(() => outcomes.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(target);
      },
      stop: async () => {
        running = false;
        await Promise.all(workers);
      },
    };
  }

  /** Gallery searches through the front proxy, four at a time, each one a price range of its own so the engines answer it. */
  const searchStream = () => steadyStream(4, () => {
    const low = Math.floor(Math.random() * 5_000);
    return fetch(`${cluster.url}/api/v2/product/s/?price_min=${low}&price_max=${low + 1_000 + Math.floor(Math.random() * 1_000)}`);
  });

  /** Gallery pages rendered on the server through the front proxy, two at a time. */
  const pageStream = () => steadyStream(2, () => fetch(`${cluster.url}/shop/?price_min=${Math.floor(Math.random() * 5_000)}`, { headers: { accept: 'text/html' } }));

  /**
   * Searches started at `time` or later that got no answer or a failure. The search budget's own
   * answer (504 `engine_timeout`, a slow answer on a busy machine, as a just restarted engine's
   * first searches can be) is the contract's, not a lost request; the proxy's 502, 503 and 504 are.
   */
  const failedAfter = (outcomes: { started: number; status: number; code?: string }[], time: number) =>
    outcomes.filter((o) => (o.status === 0 || o.status >= 500) && o.code !== 'engine_timeout' && o.started >= time);

  it('stops a search service and a storefront with SIGTERM under a steady load without one failed request', async () => {
    const stream = searchStream();
    const pages = pageStream();
    try {
      await stream.more(20);
      // Each drains (its health check failing while HAProxy takes it out), then finishes what it answers.
      await cluster.terminate('search-1');
      await stream.more(40);
      await cluster.terminate('storefront-2');
      await stream.more(40);
      await pages.more(4);
      await Promise.all([cluster.restart('search-1'), cluster.restart('storefront-2')]);
      await expect.poll(() => rotation.filter((r) => r.line.endsWith('rejoined the rotation.')).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all([stream.stop(), pages.stop()]);
    }
    // A 504 is the search budget spent on a busy machine (the contract's own answer), not the stop.
    expect(stream.outcomes.filter((o) => o.status !== 200 && o.status !== 504)).toEqual([]);
    expect(pages.outcomes.filter((o) => o.status !== 200)).toEqual([]);
    expect(rotation.map((r) => r.line)).toEqual(expect.arrayContaining([
      'search/search-1 left the rotation (DOWN).', 'front/storefront-2 left the rotation (DOWN).', 'search/search-1 rejoined the rotation.', 'front/storefront-2 rejoined the rotation.',
    ]));
  });

  it('keeps answering searches while an engine, a search service and a storefront are killed', async () => {
    const stream = searchStream();
    try {
      await stream.more(20);
      expect(stream.outcomes.every((o) => o.status === 200)).toBe(true);

      // An engine gone: its search service answers 503 and its health check fails, so the internal
      // proxy takes it out of the rotation. Searches sent to it before that may fail; none after.
      await cluster.kill('meili-1');
      const leftLine = 'search/search-1 left the rotation';
      await expect.poll(() => rotation.some((r) => r.line.startsWith(leftLine))).toBe(true);
      const left = rotation.find((r) => r.line.startsWith(leftLine))!.at;
      await stream.more(40);
      expect(failedAfter(stream.outcomes, left)).toEqual([]);

      // The engine back on its data: its search service passes its health check again and rejoins.
      await cluster.restart('meili-1');
      await expect.poll(() => rotation.some((r) => r.line.startsWith('search/search-1 rejoined')), { timeout: 30_000 }).toBe(true);

      // A search service gone: the internal proxy sends a search that cannot reach it to the other
      // one, and takes it out of the rotation. Only searches in flight at the kill may fail.
      const searchKilled = performance.now();
      await cluster.kill('search-2');
      await stream.more(40);
      expect(failedAfter(stream.outcomes, searchKilled)).toEqual([]);

      // A storefront gone: the front proxy sends searches under way on it, and the next ones, to
      // the other. Only searches in flight at the kill may fail.
      const killed = performance.now();
      await cluster.kill('storefront-1');
      await stream.more(40);
      expect(failedAfter(stream.outcomes, killed)).toEqual([]);
      expect(stream.outcomes.slice(-20).every((o) => o.status === 200)).toBe(true);
    } finally {
      await stream.stop();
    }
  });
});
