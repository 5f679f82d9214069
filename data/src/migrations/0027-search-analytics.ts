import type { Kysely } from 'kysely';

/**
 * Search analytics (docs/SEARCH-ANALYTICS.md). `search_records` holds each gallery and header
 * search for 90 days: its words, canonical definition, result count, page, latency and the
 * visitor's pseudonymous id of the day; `search_outcomes` what followed it (impressions, clicks
 * with their position, favourites, basket adds, orders). Both are rolled up as they arrive into
 * `search_daily` (one row per day and definition), `search_daily_filters` (per day, filter and
 * value) and `search_days` (per day), which outlive the records and are all the staff page
 * reads. `search_visitor_salts` holds the salt of each day's pseudonymous ids, deleted once the
 * day has passed so an id cannot be tied to its visitor again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_records')
    .addColumn('search_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('result_count', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('latency_ms', 'real', (c) => c.notNull())
    .addColumn('visitor', 'text')
    .addColumn('clicked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('converted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('search_records_day_idx').on('search_records').column('day').execute();

  await db.schema
    .createTable('search_outcomes')
    .addColumn('outcome_id', 'text', (c) => c.primaryKey())
    .addColumn('search_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('position', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('search_outcomes_search_idx').on('search_outcomes').columns(['search_id', 'counted']).execute();
  await db.schema.createIndex('search_outcomes_created_idx').on('search_outcomes').column('created_at').execute();

  await db.schema
    .createTable('search_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('zero_result_searches', 'integer', (c) => c.notNull())
    .addColumn('clicked_searches', 'integer', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('click_position_sum', 'integer', (c) => c.notNull())
    .addColumn('converted_searches', 'integer', (c) => c.notNull())
    .addColumn('latency_ms_sum', 'real', (c) => c.notNull())
    .addColumn('latency_ms_max', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_daily_pk', ['day', 'definition'])
    .execute();

  await db.schema
    .createTable('search_daily_filters')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_daily_filters_pk', ['day', 'filter', 'value'])
    .execute();

  await db.schema
    .createTable('search_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('searches', 'integer', (c) => c.notNull())
    .addColumn('zero_result_searches', 'integer', (c) => c.notNull())
    .addColumn('clicked_searches', 'integer', (c) => c.notNull())
    .addColumn('converted_searches', 'integer', (c) => c.notNull())
    .addColumn('latency_ms_sum', 'real', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('search_visitor_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
}
