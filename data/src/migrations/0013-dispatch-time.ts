import { sql, type Kysely } from 'kysely';

/**
 * How many working days an artist takes to pack and send a work, per shipping profile: with the
 * journey it gives shoppers a delivery estimate. Existing profiles get the demo's spread of one
 * to five days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('shipping_profiles').addColumn('dispatch_days', 'integer', (c) => c.notNull().defaultTo(3)).execute();
  await sql`UPDATE shipping_profiles SET dispatch_days = 1 + id % 5`.execute(db);
}
