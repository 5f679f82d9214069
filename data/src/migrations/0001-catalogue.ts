import { sql, type Kysely } from 'kysely';

/** Artists, their shipping, artworks with colours, images and print editions, currency rates. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artists')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('avatar_seed', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shipping_profiles')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('ships_from', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shipping_rates')
    .addColumn('profile_id', 'integer', (c) => c.notNull().references('shipping_profiles.id').onDelete('cascade'))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('cost_minor', 'integer', (c) => c.notNull().check(sql`cost_minor >= 0`))
    .addPrimaryKeyConstraint('shipping_rates_pk', ['profile_id', 'destination'])
    .execute();

  await db.schema
    .createTable('artworks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id'))
    .addColumn('shipping_profile_id', 'integer', (c) => c.notNull().references('shipping_profiles.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subcategory', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('medium', 'text', (c) => c.notNull())
    .addColumn('width_cm', 'real', (c) => c.notNull().check(sql`width_cm > 0`))
    .addColumn('height_cm', 'real', (c) => c.notNull().check(sql`height_cm > 0`))
    .addColumn('depth_cm', 'real', (c) => c.notNull().check(sql`depth_cm >= 0`))
    .addColumn('orientation', 'text', (c) => c.notNull())
    .addColumn('size_bucket', 'text', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql`price_minor > 0`))
    .addColumn('sale_price_minor', 'integer', (c) =>
      c.check(sql`sale_price_minor IS NULL OR (sale_price_minor > 0 AND sale_price_minor < price_minor)`),
    )
    .addColumn('framed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ready_to_hang', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_advertising_safe', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('available', 'reserved', 'sold', 'hidden')`),
    )
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(1).check(sql`stock IN (0, 1)`))
    .addColumn('reserved_until', 'text')
    .addColumn('favourite_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`favourite_count >= 0`))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('artworks_artist_idx').on('artworks').column('artist_id').execute();
  await db.schema.createIndex('artworks_status_idx').on('artworks').column('status').execute();

  await db.schema
    .createTable('artwork_colours')
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id').onDelete('cascade'))
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('artwork_colours_pk', ['artwork_id', 'colour'])
    .execute();

  await db.schema
    .createTable('artwork_images')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('seed', 'integer', (c) => c.notNull())
    .addColumn('aspect_milli', 'integer', (c) => c.notNull())
    .addUniqueConstraint('artwork_images_position_uq', ['artwork_id', 'position'])
    .execute();

  await db.schema
    .createTable('print_editions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('artwork_id', 'integer', (c) => c.notNull().references('artworks.id').onDelete('cascade'))
    .addColumn('size_label', 'text', (c) => c.notNull())
    .addColumn('width_cm', 'real', (c) => c.notNull())
    .addColumn('height_cm', 'real', (c) => c.notNull())
    .addColumn('price_minor', 'integer', (c) => c.notNull().check(sql`price_minor > 0`))
    .addColumn('edition_size', 'integer', (c) => c.notNull().check(sql`edition_size > 0`))
    .addColumn('remaining', 'integer', (c) =>
      c.notNull().check(sql`remaining >= 0 AND remaining <= edition_size`),
    )
    .execute();
  await db.schema.createIndex('print_editions_artwork_idx').on('print_editions').column('artwork_id').execute();

  await db.schema
    .createTable('currency_rates')
    .addColumn('from_currency', 'text', (c) => c.notNull())
    .addColumn('to_currency', 'text', (c) => c.notNull())
    .addColumn('rate', 'real', (c) => c.notNull().check(sql`rate > 0`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('currency_rates_pk', ['from_currency', 'to_currency'])
    .execute();

  await db.schema
    .createTable('catalogue_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('artwork_id', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('search_index_state')
    .addColumn('index_uid', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('documents', 'integer', (c) => c.notNull())
    .addColumn('built_at', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('last_change_id', 'integer', (c) => c.notNull())
    .execute();
}
