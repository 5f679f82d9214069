import type { Kysely } from 'kysely';
import { hashPassword } from '@easel/shared/password';
import type { Database, Role } from '../schema';

/** The one password of every demo account (README.md, "Demo accounts"). */
export const DEMO_PASSWORD = 'easel-demo-password';

export const DEMO_ACCOUNTS: { email: string; name?: string; role: Role }[] = [
  { email: 'shopper@easel.test', name: 'Sam Shopper', role: 'user' },
  // Named after the artist it sells as: the most popular one in the catalogue.
  { email: 'artist@easel.test', role: 'provider' },
  { email: 'staff@easel.test', name: 'Stella Staff', role: 'staff' },
];

/**
 * Adds the demo accounts that are missing, one per role; the provider is linked to the most
 * popular artist. Existing accounts (and their passwords) are left as they are.
 */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<void> {
  const existing = new Set((await db.selectFrom('users').select('email').where('email', 'in', DEMO_ACCOUNTS.map((a) => a.email)).execute()).map((r) => r.email));
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.email));
  if (missing.length === 0) return;
  const artist = await db.selectFrom('artists').select(['id', 'name']).orderBy('popularity', 'desc').orderBy('id').executeTakeFirst();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of missing) {
    if (account.role === 'provider' && !artist) continue;
    const provider = account.role === 'provider' ? artist : undefined;
    await db
      .insertInto('users')
      .values({
        email: account.email, name: provider?.name ?? account.name ?? account.email, password_hash: passwordHash, role: account.role,
        artist_id: provider?.id ?? null, currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb', created_at: new Date().toISOString(),
      })
      .execute();
  }
}
