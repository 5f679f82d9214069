import type { Kysely } from 'kysely';

/**
 * Indexes for the lists read straight from SQLite rather than the search index: works like a
 * given one (same category, most popular first), the newest listings and the newest artists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('artworks_category_status_popularity_idx').on('artworks').columns(['category', 'status', 'popularity']).execute();
  await db.schema.createIndex('artworks_status_created_idx').on('artworks').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('artists_joined_idx').on('artists').column('joined_at').execute();
}
