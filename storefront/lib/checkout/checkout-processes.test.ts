import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { quoteCheckout } from '@easel/data/queries/checkout';
import { addToBasket } from '@easel/data/queries/basket';
import { describeEnd, startTsx, type LocalProcess } from '@easel/shared/process';
import { addSession, addUser, firstOriginalShippingTo, ledgerLocation, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { TEST_CARDS } from './payment';

/**
 * Fifty shoppers check out the same original at once through four storefront processes, each
 * request on a connection of its own: one database file and one payment ledger, as separate
 * servers in production share them. Exactly one order and one charge, which name each other.
 */

const SERVERS = 4;
const SHOPPERS = 50;

let temp: TemporaryDatabase;
let db: Db;
let ledger: PaymentLedger;
const servers: { child: LocalProcess; port: number }[] = [];

/** Starts one checkout server process and waits for its port. */
async function startServer(): Promise<{ child: LocalProcess; port: number }> {
  const script = path.join(import.meta.dirname, '../../test/checkout-server-process.ts');
  const child = startTsx(script, [temp.location, ledgerLocation(temp)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    void child.then((end) => reject(new Error(`a checkout server ended before listening (${describeEnd(end)})`)));
  });
  return { child, port };
}

/** POST on a connection of its own (no keep-alive agent): the status, the body and which process answered. */
function postJson(port: number, route: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: { error?: { code: string } }; servedBy: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request({
      host: '127.0.0.1', port, path: route, method: 'POST', agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({
        status: response.statusCode ?? 0,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { error?: { code: string } },
        servedBy: String(response.headers['x-served-by']),
      }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

beforeAll(async () => {
  temp = await openTemporaryDatabase('checkout-processes', { seed: 11, artworks: 200 });
  db = temp.db;
  ledger = await openPaymentLedger(ledgerLocation(temp));
  for (let i = 0; i < SERVERS; i++) servers.push(await startServer());
}, 60_000);

afterAll(async () => {
  for (const { child } of servers) child.kill('SIGKILL');
  await ledger.close();
  await temp.close();
});

describe(`${SHOPPERS} checkouts of one original across ${SERVERS} server processes`, () => {
  it('make exactly one order and one charge, and every other shopper a clear refusal', async () => {
    const work = await firstOriginalShippingTo(db, 'GB');
    const now = new Date().toISOString();
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const userId = await addUser(db, undefined, `racer${i}@example.com`);
      const session = `racer-${i}-${randomUUID()}`;
      await addSession(db, session, userId);
      expect(await addToBasket(db, { userId }, { slug: work.slug }, now)).toMatchObject({ ok: true });
      shoppers.push({ session, userId, address: `127.4.0.${i + 1}`, key: randomUUID() as string });
    }
    const quote = await quoteCheckout(db, shoppers[0]!.userId, 'GB', 'GBP', new Date(now));
    if (!quote.ok) throw new Error(`the original cannot be quoted: ${quote.reason}`);

    const answers = await Promise.all(shoppers.map((s, i) =>
      postJson(servers[i % SERVERS]!.port, '/api/checkout/order/', { cookie: `sessionid=${s.session}`, 'idempotency-key': s.key, 'x-forwarded-for': s.address }, {
        currency: 'GBP',
        quoted_total_minor: quote.total_minor,
        ship_to: { name: 'Ada Lovelace', line1: '12 St James’s Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' },
        card: { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '123' },
      })));

    expect(new Set(answers.map((a) => a.servedBy)).size).toBe(SERVERS);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(['sold', 'reserved']).toContain(refused.body.error?.code);
    }

    const orders = await db.selectFrom('orders as o').innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select(['o.idempotency_key', 'o.total_minor', 'o.payment_reference']).where('l.artwork_id', '=', work.id).execute();
    const keys = new Set(shoppers.map((s) => s.key));
    const charges = (await ledger.all()).filter((c) => keys.has(c.idempotency_key) && c.outcome === 'charged');
    expect(orders).toHaveLength(1);
    expect(charges).toHaveLength(1);
    expect(orders[0]).toEqual({ idempotency_key: charges[0]!.idempotency_key, total_minor: charges[0]!.amount_minor, payment_reference: charges[0]!.reference });
    expect(await db.selectFrom('artworks').select(['status', 'stock']).where('id', '=', work.id).executeTakeFirstOrThrow()).toEqual({ status: 'sold', stock: 0 });
  });
});
