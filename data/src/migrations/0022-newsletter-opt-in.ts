import type { Kysely } from 'kysely';

/**
 * The newsletter's double opt-in: an address is written down unconfirmed and mailed a link
 * (`confirm_token_hash`, working until `confirm_token_expires_at`, the last mailed at
 * `mailed_at`), and gets the newsletter once its owner follows it (`confirmed_at`). Addresses
 * written down before this were never confirmed, and stay unconfirmed until they subscribe again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['confirmed_at', 'confirm_token_hash', 'confirm_token_expires_at', 'mailed_at']) {
    await db.schema.alterTable('newsletter_subscriptions').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('newsletter_confirm_token_idx').on('newsletter_subscriptions').column('confirm_token_hash').unique().execute();
}
