import type { Kysely } from 'kysely';

/**
 * The homepage hero banner (curated data staff change, the lowest position shown), and follows
 * by artist: artist pages and the popular-artists list count followers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('homepage_banners')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('link_label', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id').onDelete('cascade'))
    .execute();

  await db.schema.createIndex('follows_artist_idx').on('follows').column('artist_id').execute();
}
