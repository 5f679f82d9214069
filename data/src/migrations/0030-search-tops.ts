import { sql, type Kysely } from 'kysely';

/**
 * The staff search report's leading searches (docs/SEARCH-ANALYTICS.md, "How the report stays
 * fast"): once a day is settled, `search_tops` keeps that day's leading searches of each list
 * (`list`: 'queries' by words, 'zero', 'unclicked' and 'slowest' by definition) with the day's
 * value for each, and `search_top_days` the largest value each list left out that day (0 when it
 * left nothing out). The report takes its candidates from them and their exact figures from
 * `search_daily`, looked up by definition or words in covering indexes. The two partial indexes
 * hold only the rows with results, unclicked and clicked: the list of searches never clicked
 * reads those alone. Every index here covers its reads (SQLite then picks it without statistics).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_tops')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_tops_pk', ['list', 'day', 'key'])
    .execute();

  await db.schema
    .createTable('search_top_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('queries', 'real', (c) => c.notNull())
    .addColumn('zero', 'real', (c) => c.notNull())
    .addColumn('unclicked', 'real', (c) => c.notNull())
    .addColumn('slowest', 'real', (c) => c.notNull())
    .execute();

  // Covering: a candidate's figures are read from the index alone.
  await db.schema
    .createIndex('search_daily_definition_idx')
    .on('search_daily')
    .columns(['definition', 'day', 'query', 'searches', 'zero_result_searches', 'latency_ms_sum', 'latency_ms_max'])
    .execute();
  await db.schema
    .createIndex('search_daily_query_idx')
    .on('search_daily')
    .columns(['query', 'day', 'searches', 'clicked_searches', 'converted_searches', 'clicks', 'click_position_sum'])
    .execute();
  await db.schema
    .createIndex('search_daily_unclicked_idx')
    .on('search_daily')
    .columns(['day', 'definition', 'searches', 'query', 'zero_result_searches', 'clicked_searches'])
    .where(sql.ref('zero_result_searches'), '=', 0)
    .where(sql.ref('clicked_searches'), '=', 0)
    .execute();
  await db.schema
    .createIndex('search_daily_clicked_idx')
    .on('search_daily')
    .columns(['definition', 'day', 'zero_result_searches', 'clicked_searches'])
    .where(sql.ref('zero_result_searches'), '=', 0)
    .where(sql.ref('clicked_searches'), '>', 0)
    .execute();
}
