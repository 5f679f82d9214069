import { sql, type Kysely } from 'kysely';

/**
 * Promo codes' rules per customer: a code `once_per_customer` (1) works on one order of each
 * customer, who is the account and the email it holds or gave, case-folded. Each order that
 * spends such a code is a row of `promo_redemptions` (the order by its idempotency key), unique
 * per code and email, so no two orders, however close together, spend it twice. WELCOME10
 * becomes such a code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promo_codes').addColumn('once_per_customer', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('promo_redemptions')
    .addColumn('code', 'text', (c) => c.notNull().references('promo_codes.code'))
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_redemptions_pk', ['code', 'customer_email'])
    .execute();
  await db.schema.createIndex('promo_redemptions_user_idx').on('promo_redemptions').columns(['user_id', 'code']).execute();
  await sql`UPDATE promo_codes SET once_per_customer = 1 WHERE code = 'WELCOME10'`.execute(db);
}
