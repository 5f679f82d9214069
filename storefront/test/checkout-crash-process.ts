/**
 * The storefront's order step in a process of its own, stopped at a chosen point so a test can
 * kill it there as a crash or a restart would:
 * node --import tsx checkout-crash-process.ts <database file> <session> <idempotency key> <payment|order-written>
 * `payment`: the card is being charged (the originals are claimed inside the open transaction).
 * `order-written`: the order row is written, its lines not yet.
 * It prints the point's name when it gets there and then waits, holding the write lock.
 */
import { NextRequest } from 'next/server';
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
import { openDatabase } from '@easel/data/db';
import { createCheckoutHandlers } from '../lib/checkout/checkout-api';
import { simulatedPayments, TEST_CARDS, type PaymentProvider } from '../lib/checkout/payment';

const [file, session, key, point] = process.argv.slice(2) as [string, string, string, 'payment' | 'order-written'];
const db = await openDatabase(file);
const stopHere = () => {
  console.log(point);
  return new Promise<never>(() => {});
};

const stalledPayment: PaymentProvider = { charge: stopHere };
const ordersInserts = new Set<unknown>();
const afterOrderRow: KyselyPlugin = {
  transformQuery: ({ node, queryId }) => {
    if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'orders') ordersInserts.add(queryId);
    return node;
  },
  transformResult: async ({ result, queryId }) => (ordersInserts.has(queryId) ? stopHere() : result),
};

const checkout = createCheckoutHandlers({
  getDb: async () => (point === 'order-written' ? db.withPlugin(afterOrderRow) : db),
  payments: point === 'payment' ? stalledPayment : simulatedPayments,
});
await checkout.order(new NextRequest('http://shop.test/api/checkout/order/', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Cookie: `sessionid=${session}`, 'Idempotency-Key': key },
  body: JSON.stringify({
    currency: 'GBP',
    ship_to: { name: 'Ada Lovelace', address: '12 St James’s Square, London SW1Y 4JH', country: 'GB' },
    card: { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '123' },
  }),
}));
console.log('finished');
