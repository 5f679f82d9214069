import { randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'kysely';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { printSlug } from '@easel/shared/derive';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { startTsx } from '@easel/shared/process';
import { CHARGE_ORDER_WINDOW_MS, HOLD_LIMIT, RESERVATION_MS, releaseLapsedReservations, startCheckout } from '@easel/data/queries/checkout';
import { REFUND_GRACE_MS, sweepUnorderedCharges } from '@easel/data/queries/refunds';
import { addSession, addUser, ledgerLocation, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { checkoutQuoteSchema, orderViewSchema } from '../basket/basket';
import { Hono } from 'hono';
import { callable } from '../api/testing';
import { basketRoutes } from '../basket/basket-api';
import { checkoutRoutes } from './checkout-api';
import { createSimulatedPayments, TEST_CARDS } from './payment';

/**
 * The storefront killed (SIGKILL, as a crash or a hard restart) in the middle of placing an
 * order: the order step runs in a child process against the same SQLite file and the same
 * payment ledger, is stopped at a chosen point, and killed there. The storefront "after the
 * restart" is these handlers in-process. The provider's ledger and the shop's orders are
 * compared after each crash and after the retry.
 */

let temp: TemporaryDatabase;
let db: Db;
let ledger: PaymentLedger;
const getDb = async () => db;
const call = callable(new Hono()
  .route('/', basketRoutes({ getDb }))
  .route('/', checkoutRoutes({ getDb, payments: createSimulatedPayments(async () => ledger) })));
const basket = { POST: '/api/basket-next/' };
const checkout = { start: '/api/checkout/', order: '/api/checkout/order/' };

beforeAll(async () => {
  temp = await openTemporaryDatabase('checkout-crash', { seed: 9, artworks: 200 });
  db = temp.db;
  ledger = await openPaymentLedger(ledgerLocation(temp));
});
afterAll(async () => {
  await ledger.close();
  await temp.close();
});

let users = 0;
async function shopper() {
  users += 1;
  const userId = await addUser(db, undefined, `crash${users}@example.com`);
  const session = `session-${users}-${randomUUID()}`;
  await addSession(db, session, userId);
  return { session, userId };
}

function post(path: string, session: string, body: unknown, headers: Record<string, string> = {}) {
  return call(new NextRequest(`http://shop.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `sessionid=${session}`, 'X-Forwarded-For': '127.3.0.1', ...headers },
    body: JSON.stringify(body),
  }));
}

/** A shopper with an original and one of its prints in the basket, checkout started (the original reserved). */
async function shopperAtPayment() {
  const work = await db
    .selectFrom('artworks as w')
    .innerJoin('print_editions as p', 'p.artwork_id', 'w.id')
    .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', 'GB'))
    .select(['w.id', 'w.slug', 'p.id as print_id', 'p.size_label', 'p.remaining'])
    .where('w.status', '=', 'available')
    .where('p.remaining', '>=', 2)
    .where('w.id', 'not in', db.selectFrom('basket_lines').select('artwork_id'))
    .orderBy('w.id')
    .executeTakeFirstOrThrow();
  const { session, userId } = await shopper();
  for (const item of [{ artwork: work.slug }, { artwork: work.slug, print: printSlug(work.size_label) }]) {
    expect((await post(basket.POST, session, item)).status).toBe(200);
  }
  const started = await post(checkout.start, session, { country: 'GB', currency: 'GBP' });
  expect(started.status).toBe(200);
  const { total_minor: quoted } = checkoutQuoteSchema.parse(await started.json());
  return { session, userId, work, quoted, state: await snapshot(work.id, work.print_id, userId) };
}

/** The provider's charges and the shop's orders for one idempotency key, side by side. */
async function books(key: string) {
  const orders = await db.selectFrom('orders').select(['id', 'total_minor', 'payment_reference']).where('idempotency_key', '=', key).execute();
  const charge = await ledger.find(key);
  return { charges: charge?.outcome === 'charged' ? [charge] : [], orders };
}

/** What a crash could have half-changed: the work, its print, the shopper's basket, and every order record. */
async function snapshot(artworkId: number, printId: number, userId: number) {
  const count = async (table: 'orders' | 'order_lines' | 'order_requests') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    artwork: await db.selectFrom('artworks').select(['status', 'stock', 'reserved_by', 'reserved_until']).where('id', '=', artworkId).executeTakeFirstOrThrow(),
    remaining: (await db.selectFrom('print_editions').select('remaining').where('id', '=', printId).executeTakeFirstOrThrow()).remaining,
    basket: await db.selectFrom('basket_lines as l').innerJoin('baskets as b', 'b.id', 'l.basket_id').select(['l.artwork_id', 'l.print_edition_id', 'l.quantity'])
      .where('b.user_id', '=', userId).orderBy('l.id').execute(),
    orders: await count('orders'),
    order_lines: await count('order_lines'),
    order_requests: await count('order_requests'),
  };
}

type Point = 'before-charge' | 'after-charge' | 'order-written' | 'committed';

/** Runs the order step in a child process until it reaches `point`, then kills it there; `chargedAt` sets the provider's clock. */
async function crashAt(point: Point, session: string, key: string, quoted: number, chargedAt?: Date) {
  await killAt('checkout-crash-process.ts', [session, key, String(quoted), point, ...(chargedAt ? [chargedAt.toISOString()] : [])], point);
}

/** Runs `script` (in storefront/test/, on this database and ledger) until it prints `point`, then kills it (SIGKILL). */
async function killAt(script: string, args: string[], point: string) {
  const child = startTsx(path.join(import.meta.dirname, '../../test', script), [temp.location, ledgerLocation(temp), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const said: string[] = [];
  await new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      said.push(line);
      if (line === point) resolve();
    });
    void child.then(() => reject(new Error(`the order step ended before reaching ${point}: ${said.join(' ')}`)));
  });
  child.kill('SIGKILL');
  expect((await child).signal).toBe('SIGKILL');
  // SQLite finds the file whole after the crash.
  if ('DATABASE_FILE' in temp.env) expect((await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows).toEqual([{ integrity_check: 'ok' }]);
}

const orderBody = (quoted: number) => ({
  currency: 'GBP',
  quoted_total_minor: quoted,
  ship_to: { name: 'Ada Lovelace', line1: '12 St James’s Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' },
  card: { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '123' },
});

describe('the storefront killed while placing an order, then the same request retried: one charge and one order', () => {
  it.each<[Point, { charges: number; orders: number }]>([
    ['before-charge', { charges: 0, orders: 0 }],
    ['after-charge', { charges: 1, orders: 0 }],
    ['order-written', { charges: 1, orders: 0 }],
    ['committed', { charges: 1, orders: 1 }],
  ])('killed %s', async (point, afterCrash) => {
    const { session, userId, work, quoted, state } = await shopperAtPayment();
    expect(state.artwork).toMatchObject({ status: 'reserved', reserved_by: userId });
    const key = randomUUID();

    await crashAt(point, session, key, quoted);
    const crashed = await books(key);
    expect({ charges: crashed.charges.length, orders: crashed.orders.length }).toEqual(afterCrash);
    // Nothing uncommitted survives: no half order, and before the commit nothing of the order at all.
    if (afterCrash.orders === 0) expect(await snapshot(work.id, work.print_id, userId)).toEqual(state);

    const retry = await post(checkout.order, session, orderBody(quoted), { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    const order = orderViewSchema.parse(((await retry.json()) as { order: unknown }).order);
    expect(order.lines).toHaveLength(2);

    const { charges, orders } = await books(key);
    expect(charges).toHaveLength(1);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toEqual({ id: order.id, total_minor: quoted, payment_reference: charges[0]!.reference });
    expect(charges[0]).toMatchObject({ amount_minor: quoted, currency: 'GBP' });
    expect(await snapshot(work.id, work.print_id, userId)).toMatchObject({
      artwork: { status: 'sold', stock: 0, reserved_by: null, reserved_until: null },
      remaining: state.remaining - 1,
      basket: [],
      orders: state.orders + 1,
      order_lines: state.order_lines + 2,
      order_requests: state.order_requests + 1,
    });
  });

  it('killed after writing the order row and never retried: no order without its lines, and the original is buyable again once its hold lapses', async () => {
    const { session, userId, work, quoted, state } = await shopperAtPayment();
    await crashAt('order-written', session, randomUUID(), quoted);
    expect(await snapshot(work.id, work.print_id, userId)).toEqual(state);

    // Another shopper finds the original held by the checkout that never finished...
    const other = await shopper();
    expect((await post(basket.POST, other.session, { artwork: work.slug })).status).toBe(409);
    // ...until its hold lapses: the sweep (run by the indexer every 500 ms) puts it back, and it can be bought.
    const lapsed = new Date(Date.parse(state.artwork.reserved_until!) + 1000);
    expect(Date.parse(state.artwork.reserved_until!) - Date.now()).toBeLessThanOrEqual(RESERVATION_MS);
    expect(await releaseLapsedReservations(db, lapsed)).toEqual([work.id]);
    expect((await snapshot(work.id, work.print_id, userId)).artwork).toEqual({ status: 'available', stock: state.artwork.stock, reserved_by: null, reserved_until: null });
    expect((await post(basket.POST, other.session, { artwork: work.slug })).status).toBe(200);
    const bought = await startCheckout(db, { userId: other.userId, address: '127.3.0.2' }, { destination: 'GB', currency: 'GBP' }, lapsed);
    expect(bought).toMatchObject({ ok: true });
  });
});

describe('a charge with no order: refunded by the sweep once no retry can place the order, never both and never neither', () => {
  const refundSweep = (now: Date) => sweepUnorderedCharges(db, ledger, now);
  /** The sweep's clock once every charge made so far is past the grace period. */
  const pastGrace = () => new Date(Date.now() + REFUND_GRACE_MS);
  /** The key's charges, orders and refunds on both sides: the shop's record and the provider's. */
  async function settled(key: string) {
    const { charges, orders } = await books(key);
    const shop = await db.selectFrom('charge_refunds').selectAll().where('idempotency_key', '=', key).execute();
    const refund = await ledger.findRefund(key);
    return { charges: charges.length, orders: orders.length, claimed: shop.length, refunds: refund ? 1 : 0, shop, refund, charge: charges[0] };
  }
  /** Exactly one refund, the whole charge, recorded by the shop with the provider's reference. */
  async function expectRefundedOnce(key: string) {
    const { charges, orders, claimed, refunds, shop, refund, charge } = await settled(key);
    expect({ charges, orders, claimed, refunds }).toEqual({ charges: 1, orders: 0, claimed: 1, refunds: 1 });
    expect(refund).toMatchObject({ amount_minor: charge!.amount_minor, currency: charge!.currency });
    expect(shop[0]).toMatchObject({ payment_reference: charge!.reference, amount_minor: charge!.amount_minor, refund_reference: refund!.reference, refunded_at: refund!.created_at });
  }
  const retry = (session: string, key: string, quoted: number) => post(checkout.order, session, orderBody(quoted), { 'Idempotency-Key': key });
  async function expectRefusedAsRefunded(response: Response) {
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: 'payment_refunded', message: expect.stringContaining('goes back to your card') } });
  }

  // First: its charge is made in the past, before any pass has swept the books past that time.
  it('a retry after the order window is refused and lets the originals go; the charge is refunded only after the grace period', async () => {
    const { session, work, quoted } = await shopperAtPayment();
    const key = randomUUID();
    const chargedAt = new Date(Date.now() - CHARGE_ORDER_WINDOW_MS - 60_000);
    await crashAt('after-charge', session, key, quoted, chargedAt);

    await expectRefusedAsRefunded(await retry(session, key, quoted));
    expect(await settled(key)).toMatchObject({ charges: 1, orders: 0, claimed: 0, refunds: 0 });
    expect((await db.selectFrom('artworks').select('status').where('id', '=', work.id).executeTakeFirstOrThrow()).status).toBe('available');

    // Inside the grace period the sweep leaves it; past it, refunds it.
    expect((await refundSweep(new Date(chargedAt.getTime() + REFUND_GRACE_MS - 1000))).refunded).toEqual([]);
    expect((await refundSweep(new Date(chargedAt.getTime() + REFUND_GRACE_MS))).refunded).toEqual([key]);
    await expectRefundedOnce(key);
  });

  it('killed between the charge and the order and never retried: refunded once, and a retry after that is refused', async () => {
    const { session, quoted } = await shopperAtPayment();
    const key = randomUUID();
    await crashAt('after-charge', session, key, quoted);
    expect(await settled(key)).toMatchObject({ charges: 1, orders: 0, refunds: 0 });

    expect((await refundSweep(new Date())).refunded).toEqual([]);
    // (With it, the charge the earlier test's order step left when it was killed and never retried.)
    expect((await refundSweep(pastGrace())).refunded).toContain(key);
    await expectRefundedOnce(key);
    expect((await refundSweep(pastGrace())).refunded).toEqual([]);

    await expectRefusedAsRefunded(await retry(session, key, quoted));
    await expectRefundedOnce(key);
  });

  it.each(['claimed', 'refunded'])('the sweep killed once it has %s: the next pass finishes, with one refund', async (point) => {
    const { session, quoted } = await shopperAtPayment();
    const key = randomUUID();
    await crashAt('after-charge', session, key, quoted);

    await killAt('refund-sweep-process.ts', [pastGrace().toISOString(), point], point);
    const crashed = await settled(key);
    expect(crashed).toMatchObject({ orders: 0, claimed: 1, refunds: point === 'refunded' ? 1 : 0 });
    expect(crashed.shop[0]).toMatchObject({ refund_reference: null, refunded_at: null });
    // The key is taken: a retry now is refused, never an order beside the refund to come.
    await expectRefusedAsRefunded(await retry(session, key, quoted));

    expect((await refundSweep(pastGrace())).refunded).toEqual([key]);
    await expectRefundedOnce(key);
  });

  it('late retries racing the sweep in another process: each charge ends with its order or its refund', async () => {
    // The earlier tests' holds go, so these shoppers, on one client address, may hold HOLD_LIMIT.
    await releaseLapsedReservations(db, new Date(Date.now() + RESERVATION_MS + 1000));
    const crashed = [];
    for (let i = 0; i < HOLD_LIMIT; i++) {
      const { session, quoted } = await shopperAtPayment();
      const key = randomUUID();
      await crashAt('after-charge', session, key, quoted);
      crashed.push({ session, key, quoted });
    }
    const sweep = startTsx(path.join(import.meta.dirname, '../../test/refund-sweep-process.ts'), [temp.location, ledgerLocation(temp), pastGrace().toISOString(), 'finished'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const answers = await Promise.all(crashed.map(({ session, key, quoted }) => retry(session, key, quoted)));
    expect((await sweep).exitCode).toBe(0);
    // A pass that a retry's order beat to a key left it; one more pass finds nothing left to do.
    await refundSweep(pastGrace());

    for (const [i, { key }] of crashed.entries()) {
      const answer = answers[i]!;
      const state = await settled(key);
      if (answer.status === 201) {
        expect({ charges: state.charges, orders: state.orders, claimed: state.claimed, refunds: state.refunds }).toEqual({ charges: 1, orders: 1, claimed: 0, refunds: 0 });
      } else {
        await expectRefusedAsRefunded(answer);
        await expectRefundedOnce(key);
      }
    }
  });
});
