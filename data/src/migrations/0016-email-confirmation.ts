import type { Kysely } from 'kysely';

/**
 * Joining no longer tells anyone whether an address has an account. Every new account starts
 * with the address it gave unconfirmed (`unconfirmed_email`, which guests already had as
 * `guest_email`; its `email` is a unique placeholder) and takes it once its owner follows the
 * link mailed to it (`confirm_token_hash`). Mail waits in `outbox` for the sender.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').renameColumn('guest_email', 'unconfirmed_email').execute();
  await db.schema.alterTable('users').addColumn('confirm_token_hash', 'text').execute();
  await db.schema.createIndex('users_confirm_token_idx').on('users').column('confirm_token_hash').unique().execute();
  await db.schema.createIndex('users_unconfirmed_email_idx').on('users').column('unconfirmed_email').execute();
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}
