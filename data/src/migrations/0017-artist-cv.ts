import { sql, type Kysely } from 'kysely';

/**
 * An artist's CV for their page, as galleries show it: where they studied and where they have
 * shown. One row per entry, in the artist's own order (`position`), each column checked here;
 * the artist's biography stays `artists.bio` and the country they ship from
 * `shipping_profiles.ships_from` (data/README.md, "Artist profiles").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('artist_education')
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('institution', 'text', (c) => c.notNull().check(sql`length(institution) BETWEEN 1 AND 120`))
    .addColumn('course', 'text', (c) => c.notNull().check(sql`length(course) BETWEEN 1 AND 120`))
    .addColumn('year', 'integer', (c) => c.notNull().check(sql`year BETWEEN 1900 AND 2100`))
    .addPrimaryKeyConstraint('artist_education_pk', ['artist_id', 'position'])
    .execute();

  await db.schema
    .createTable('artist_exhibitions')
    .addColumn('artist_id', 'integer', (c) => c.notNull().references('artists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('year', 'integer', (c) => c.notNull().check(sql`year BETWEEN 1900 AND 2100`))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) BETWEEN 1 AND 160`))
    .addColumn('venue', 'text', (c) => c.notNull().check(sql`length(venue) BETWEEN 1 AND 120`))
    .addColumn('city', 'text', (c) => c.notNull().check(sql`length(city) BETWEEN 1 AND 80`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('solo', 'group')`))
    .addPrimaryKeyConstraint('artist_exhibitions_pk', ['artist_id', 'position'])
    .execute();
}
