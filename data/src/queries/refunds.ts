import type { Kysely } from 'kysely';
import { inTransaction } from '../db';
import type { ChargeRow, PaymentLedger } from '../payment-ledger';
import type { Database } from '../schema';
import { CHARGE_ORDER_WINDOW_MS } from './checkout';

/**
 * The reconciliation of the provider's charges with the shop's orders. A charge is taken inside
 * the order's transaction, so a process that dies after the charge and before the commit leaves a
 * charge with no order; a retry with the same idempotency key turns it into the order. Once no
 * retry can any more (CHARGE_ORDER_WINDOW_MS after the charge, a retry is refused), the sweep takes the key for itself and refunds the
 * charge through the provider: each charge ends with exactly one order or exactly one refund.
 */

type Queries = Kysely<Database>;

/**
 * How old a charge with no order must be before the sweep refunds it: four times the window, so
 * clocks a little apart on the storefronts and the indexer, and a request still inside its
 * transaction when the window closes, are all long done.
 */
export const REFUND_GRACE_MS = 4 * CHARGE_ORDER_WINDOW_MS;

/** What one pass of the sweep did: the keys it refunded. */
export interface SweepOutcome {
  refunded: string[];
}

/**
 * One pass: every charge the provider made up to REFUND_GRACE_MS before `now` that the shop has no order for is
 * taken (a `charge_refunds` row, in a write transaction that first looks for the order: from its
 * commit, placing an order under the key answers `payment_refunded` instead) and then refunded
 * through the provider and recorded with the refund's reference. A pass that dies after taking a
 * key and before recording its refund leaves the row without `refunded_at`; the next pass asks the
 * provider again, who refunds a charge once. Reads only the charges that came of age since the
 * last pass (`charge_sweep`).
 */
export async function sweepUnorderedCharges(db: Queries, ledger: PaymentLedger, now: Date): Promise<SweepOutcome> {
  const through = new Date(now.getTime() - REFUND_GRACE_MS).toISOString();
  const cursor = await db.selectFrom('charge_sweep').select('swept_through').where('id', '=', 1).executeTakeFirst();
  const after = cursor?.swept_through ?? '';
  if (after < through) {
    for (const charge of await ledger.chargedBetween(after, through)) await claimUnordered(db, charge, now);
    await db.insertInto('charge_sweep').values({ id: 1, swept_through: through })
      .onConflict((oc) => oc.column('id').doUpdateSet({ swept_through: through }))
      .execute();
  }
  const pending = await db.selectFrom('charge_refunds').select('idempotency_key').where('refunded_at', 'is', null).orderBy('claimed_at').execute();
  const refunded: string[] = [];
  for (const { idempotency_key: key } of pending) {
    const refund = await ledger.refund(key, now);
    await db.updateTable('charge_refunds')
      .set({ refund_reference: refund.reference, refunded_at: refund.created_at })
      .where('idempotency_key', '=', key)
      .execute();
    refunded.push(key);
  }
  return { refunded };
}

/**
 * Takes the charge's key for a refund unless an order was placed under it; a write transaction
 * that excludes placeOrder's, so of an order and a refund only one ever commits.
 */
async function claimUnordered(db: Queries, charge: ChargeRow, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('orders').select('id').where('idempotency_key', '=', charge.idempotency_key).executeTakeFirst();
    if (order) return;
    await trx.insertInto('charge_refunds').values({
      idempotency_key: charge.idempotency_key, payment_reference: charge.reference!, amount_minor: charge.amount_minor, currency: charge.currency,
      charged_at: charge.created_at, claimed_at: now.toISOString(), refund_reference: null, refunded_at: null,
    }).onConflict((oc) => oc.column('idempotency_key').doNothing()).execute();
  });
}
