import { sql, type Kysely } from 'kysely';

/** Users and sessions, baskets, promo codes, orders. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('user', 'provider', 'staff')`))
    .addColumn('artist_id', 'integer', (c) => c.references('artists.id'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GBP'))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('GB'))
    .addColumn('display_units', 'text', (c) => c.notNull().defaultTo('cm'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en-gb'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('baskets')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('session_hash', 'text', (c) => c.unique())
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('promo_code', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('basket_lines')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('basket_id', 'integer', (c) => c.notNull().references('baskets.id').onDelete('cascade'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id'))
    .addColumn('print_edition_id', 'integer', (c) => c.references('print_editions.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('basket_lines_item_uq', ['basket_id', 'artwork_id', 'print_edition_id'])
    .execute();

  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('percent', 'fixed')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('expires_at', 'text')
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('placed', 'paid', 'cancelled')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
    .addColumn('shipping_minor', 'integer', (c) => c.notNull())
    .addColumn('discount_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('ship_to_name', 'text', (c) => c.notNull())
    .addColumn('ship_to_address', 'text', (c) => c.notNull())
    .addColumn('ship_to_country', 'text', (c) => c.notNull())
    .addColumn('payment_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id'))
    .addColumn('print_edition_id', 'integer', (c) => c.references('print_editions.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_minor', 'integer', (c) => c.notNull())
    .execute();
}
