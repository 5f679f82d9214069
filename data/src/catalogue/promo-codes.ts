import type { Insertable, Kysely } from 'kysely';
import type { Database, PromoCodesTable } from '../schema';

/**
 * The demo shop's promo codes, one of each kind, and one that has run out (listed in the README):
 * the welcome code works once per customer, the others on any number of orders.
 */
export const DEMO_PROMO_CODES: Insertable<PromoCodesTable>[] = [
  { code: 'WELCOME10', kind: 'percent', amount: 10, expires_at: null, once_per_customer: 1 },
  { code: 'FIVEOFF', kind: 'fixed', amount: 500, expires_at: null, once_per_customer: 0 },
  { code: 'SUMMER2025', kind: 'percent', amount: 15, expires_at: '2025-09-01T00:00:00.000Z', once_per_customer: 0 },
];

/** Adds the demo codes that are missing; codes staff have edited are left as they are. */
export async function seedPromoCodes(db: Kysely<Database>): Promise<void> {
  await db.insertInto('promo_codes').values(DEMO_PROMO_CODES).onConflict((oc) => oc.column('code').doNothing()).execute();
}
