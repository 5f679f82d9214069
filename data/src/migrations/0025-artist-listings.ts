import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Artists list their own works. A work is a draft until first published (`published_at` null,
 * status hidden); a published work taken off sale by its artist is hidden again (withdrawn), or
 * sold with `sold_elsewhere` 1. Every seeded work counts as published when it was made.
 * `artwork_photos`: a work's uploaded photos in order (position 0 the main image), each naming
 * the key its files are stored under; a work with photos shows them instead of its drawn
 * pictures. `artwork_counts`: what shoppers did with a work, for its artist (views and basket
 * adds; favourites are `artworks.favourite_count`). `photo_files`: the served WebP files of each
 * photo key, one row per width, in the database every storefront replica shares.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('artworks').addColumn('published_at', 'text').execute();
  await db.schema.alterTable('artworks').addColumn('sold_elsewhere', 'integer', (c) => c.notNull().defaultTo(0).check(sql`sold_elsewhere IN (0, 1)`)).execute();
  await sql`UPDATE artworks SET published_at = created_at`.execute(db);
  await db.schema.createIndex('artworks_artist_created_idx').on('artworks').columns(['artist_id', 'created_at']).execute();
  await db.schema
    .createTable('artwork_photos')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('photo_key', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('artwork_photos_artwork_idx').on('artwork_photos').columns(['artwork_id', 'position']).execute();
  await db.schema
    .createTable('artwork_counts')
    .addColumn('artwork_id', 'integer', (c) => c.primaryKey().references('artworks.id').onDelete('cascade'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0).check(sql`views >= 0`))
    .addColumn('basket_adds', 'integer', (c) => c.notNull().defaultTo(0).check(sql`basket_adds >= 0`))
    .execute();
  await db.schema
    .createTable('photo_files')
    .addColumn('photo_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_files_pk', ['photo_key', 'width'])
    .execute();
}
