import { sql, type Kysely } from 'kysely';

/**
 * Checkout: who holds an original's reservation, the answers to order requests by idempotency
 * key, and a basket holding each original at most once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The shopper whose checkout holds the reservation; null when the work is not reserved by a checkout.
  await db.schema.alterTable('artworks').addColumn('reserved_by', 'integer', (c) => c.references('users.id')).execute();
  await db.schema.createIndex('artworks_reserved_idx').on('artworks').columns(['status', 'reserved_until']).execute();

  await db.schema
    .createTable('order_requests')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    // The HTTP status and JSON body the first request got, which every retry gets too.
    .addColumn('answer_status', 'integer', (c) => c.notNull())
    .addColumn('answer_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();
  // UNIQUE treats NULLs as distinct, so the original (print_edition_id NULL) needs its own rule.
  await sql`CREATE UNIQUE INDEX basket_lines_one_original_uq ON basket_lines (basket_id, artwork_id) WHERE print_edition_id IS NULL`.execute(db);
}
