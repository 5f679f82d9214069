/**
 * The refund sweep in a process of its own, stopped at a chosen point so a test can kill it
 * there as a crash or a restart would:
 * node --import tsx refund-sweep-process.ts <database> <ledger> <now as ISO time> <point>
 * `claimed`: the sweep has taken a key (its `charge_refunds` row committed) and is about to ask
 * the provider for the refund.
 * `refunded`: the provider has refunded and written its ledger row; the shop has not recorded it.
 * `finished`: runs the pass to its end.
 * It prints the point's name when it gets there and then waits.
 */
import { openDatabase } from '@easel/data/db';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { sweepUnorderedCharges } from '@easel/data/queries/refunds';

type Point = 'claimed' | 'refunded' | 'finished';
const [database, ledgerLocation, now, point] = process.argv.slice(2) as [string, string, string, Point];
const db = await openDatabase(database);
const ledger = await openPaymentLedger(ledgerLocation);
const stopHere = () => {
  console.log(point);
  return new Promise<never>(() => {});
};

const stopping: PaymentLedger = {
  ...ledger,
  async refund(key, at) {
    if (point === 'claimed') return stopHere();
    const refund = await ledger.refund(key, at);
    return point === 'refunded' ? stopHere() : refund;
  },
};
await sweepUnorderedCharges(db, stopping, new Date(now));
console.log('finished');
await ledger.close();
await db.destroy();
