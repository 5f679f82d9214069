/**
 * The storefront's order step in a process of its own, stopped at a chosen point so a test can
 * kill it there as a crash or a restart would:
 * node --import tsx checkout-crash-process.ts <database> <ledger> <session> <idempotency key> <quoted total> <point> [<charged at>]
 * `before-charge`: the provider is asked to charge and has recorded nothing (the originals are
 * held inside the open transaction).
 * `after-charge`: the provider has charged and written its ledger row, and not yet answered.
 * `order-written`: the order row is written, its lines not yet, nothing committed.
 * `committed`: the order is committed and its answer stored; the shopper has not had it.
 * It prints the point's name when it gets there and then waits (holding the write lock, but
 * at `committed`). `<charged at>`, an ISO time, is the provider's clock for the charge: a charge made that long ago.
 */
import { NextRequest } from 'next/server';
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { openDatabase } from '@easel/data/db';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import { callable } from '../lib/api/testing';
import { checkoutRoutes } from '../lib/checkout/checkout-api';
import { createSimulatedPayments, TEST_CARDS, type PaymentProvider } from '../lib/checkout/payment';

type Point = 'before-charge' | 'after-charge' | 'order-written' | 'committed';
const [database, ledgerLocation, session, key, quotedTotal, point, chargedAt] = process.argv.slice(2) as [string, string, string, string, string, Point, string?];
const db = await openDatabase(database);
const ledger = await openPaymentLedger(ledgerLocation);
const stopHere = () => {
  console.log(point);
  return new Promise<never>(() => {});
};

const provider = createSimulatedPayments(async () => ledger, chargedAt === undefined ? undefined : () => new Date(chargedAt));
const payments: PaymentProvider = {
  async charge(request) {
    if (point === 'before-charge') return stopHere();
    const outcome = await provider.charge(request);
    return point === 'after-charge' ? stopHere() : outcome;
  },
};
const ordersInserts = new Set<unknown>();
const afterOrderRow: KyselyPlugin = {
  transformQuery: ({ node, queryId }) => {
    if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'orders') ordersInserts.add(queryId);
    return node;
  },
  transformResult: async ({ result, queryId }) => (ordersInserts.has(queryId) ? stopHere() : result),
};

const checkout = callable(checkoutRoutes({ getDb: async () => (point === 'order-written' ? db.withPlugin(afterOrderRow) : db), payments }));
await checkout(new NextRequest('http://shop.test/api/checkout/order/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Cookie: `sessionid=${session}`, 'Idempotency-Key': key, 'X-Forwarded-For': '127.3.0.1' },
  body: JSON.stringify({
    currency: 'GBP',
    quoted_total_minor: Number(quotedTotal),
    ship_to: { name: 'Ada Lovelace', line1: '12 St James’s Square', city: 'London', postcode: 'SW1Y 4JH', country: 'GB' },
    card: { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '123' },
  }),
}));
if (point === 'committed') await stopHere();
console.log('finished');
