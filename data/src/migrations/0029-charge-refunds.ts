import type { Kysely } from 'kysely';

/**
 * Reconciling the provider's charges with the shop's orders: `charge_refunds` holds each charge
 * that ended with no order and was refunded (or is being refunded) through the provider, keyed by
 * the order's idempotency key; `charge_sweep` holds how far the sweep has looked through the
 * provider's charges, so each pass reads only the charges that came of age since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('charge_refunds')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    // The charge as the provider recorded it: its reference, amount and time.
    .addColumn('payment_reference', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('charged_at', 'text', (c) => c.notNull())
    // When the sweep decided: from then on no order can be placed under the key.
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    // The provider's refund, once it has answered; null while the refund is still to be asked for.
    .addColumn('refund_reference', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('charge_refunds_pending_idx').on('charge_refunds').column('refunded_at').execute();
  await db.schema
    .createTable('charge_sweep')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('swept_through', 'text', (c) => c.notNull())
    .execute();
}
