import type { Kysely } from 'kysely';

/**
 * A confirmation link lasts 24 hours: `confirm_token_expires_at` is when the link in
 * `confirm_token_hash` stops working (ISO 8601, UTC). Links mailed before this column existed
 * have none, and no longer confirm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('confirm_token_expires_at', 'text').execute();
}
