import type { Kysely } from 'kysely';

/**
 * Guest checkout: a guest is an account that cannot log in, made for one visitor's checkout, its
 * `guest_email` the address the shopper gave (its own `email` is a unique placeholder, so a
 * guest never holds an address an account may want later). Claiming it makes it a full account.
 * Every order keeps the email its receipt goes to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('guest_email', 'text').execute();
  await db.schema.alterTable('orders').addColumn('contact_email', 'text').execute();
}
