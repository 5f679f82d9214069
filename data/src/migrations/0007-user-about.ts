import type { Kysely } from 'kysely';

/** What a shopper tells us about themselves when they join (the tell-us-about-yourself prompt). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('about', 'text').execute();
}
