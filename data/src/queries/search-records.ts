import { sql, type Insertable, type Transaction } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { Database, SearchDailyTable, SearchOutcomeKind, SearchRecordsTable, SearchSource, SearchTopList } from '../schema';
import { dailyListValues, TOPS_PER_DAY } from './search-analytics';

export type { SearchOutcomeKind, SearchSource };

/**
 * Writes of the search analytics (docs/SEARCH-ANALYTICS.md): searches and what followed them,
 * stored in batches and rolled up into the daily tables in the same transaction. Storing a batch
 * again (after a crash between storing it and forgetting it) changes nothing: records and
 * outcomes are keyed by ids made when they happened, and only rows new to the table are rolled
 * up. An outcome whose search is not stored yet (each replica stores its own batches) is rolled
 * up when the search arrives.
 */

/** One search as it happened. */
export interface NewSearchRecord {
  search_id: string;
  created_at: string;
  source: SearchSource;
  query: string;
  definition: string;
  /** The definition's filter values: [['colours', 'red'], ['colours', 'blue'], ['painting', 'oil']]. */
  filters: readonly (readonly [string, string])[];
  result_count: number;
  page: number;
  latency_ms: number;
  visitor: string | null;
}

/** What followed a search. */
export interface NewSearchOutcome {
  outcome_id: string;
  search_id: string;
  kind: SearchOutcomeKind;
  slug: string;
  position: number | null;
  created_at: string;
}

/** Rows per INSERT: a dozen columns each stays well inside SQLite's bound-variable limit. */
const ROWS_PER_STATEMENT = 400;

type Trx = Transaction<Database>;

/** Stores a batch of searches and outcomes in one transaction, with their roll-ups: all of it or none. */
export async function storeSearchActivity(db: Db, batch: { records: readonly NewSearchRecord[]; outcomes: readonly NewSearchOutcome[] }): Promise<void> {
  if (batch.records.length === 0 && batch.outcomes.length === 0) return;
  await inTransaction(db, async (trx) => {
    const newRecords = await insertNewRecords(trx, batch.records);
    await rollUpRecords(trx, newRecords);
    const newOutcomeSearches = await insertNewOutcomes(trx, batch.outcomes);
    await rollUpOutcomes(trx, [...new Set([...newOutcomeSearches, ...newRecords.map((r) => r.search_id)])]);
  });
}

function dayOf(timestamp: string): string {
  return timestamp.slice(0, 10);
}

async function insertNewRecords(trx: Trx, records: readonly NewSearchRecord[]): Promise<NewSearchRecord[]> {
  const inserted = new Set<string>();
  for (let i = 0; i < records.length; i += ROWS_PER_STATEMENT) {
    const rows: Insertable<SearchRecordsTable>[] = records.slice(i, i + ROWS_PER_STATEMENT).map(({ filters: _filters, ...record }) => ({ ...record, day: dayOf(record.created_at) }));
    const ids = await trx.insertInto('search_records').values(rows).onConflict((oc) => oc.column('search_id').doNothing()).returning('search_id').execute();
    for (const { search_id } of ids) inserted.add(search_id);
  }
  return records.filter((r) => inserted.has(r.search_id));
}

async function insertNewOutcomes(trx: Trx, outcomes: readonly NewSearchOutcome[]): Promise<string[]> {
  const searches = new Set<string>();
  for (let i = 0; i < outcomes.length; i += ROWS_PER_STATEMENT) {
    const ids = await trx.insertInto('search_outcomes').values(outcomes.slice(i, i + ROWS_PER_STATEMENT)).onConflict((oc) => oc.column('outcome_id').doNothing()).returning('search_id').execute();
    for (const { search_id } of ids) searches.add(search_id);
  }
  return [...searches];
}

/** One day's counts of one definition, as `search_daily` adds them up. */
type DailyCounts = SearchDailyTable;

const emptyCounts = (day: string, definition: string, query: string): DailyCounts => ({
  day, definition, query, searches: 0, zero_result_searches: 0, clicked_searches: 0, clicks: 0, click_position_sum: 0, converted_searches: 0, latency_ms_sum: 0, latency_ms_max: 0,
});

async function rollUpRecords(trx: Trx, records: readonly NewSearchRecord[]): Promise<void> {
  if (records.length === 0) return;
  const daily = new Map<string, DailyCounts>();
  const filters = new Map<string, { day: string; filter: string; value: string; searches: number }>();
  for (const record of records) {
    const day = dayOf(record.created_at);
    const key = `${day} ${record.definition}`;
    const counts = daily.get(key) ?? emptyCounts(day, record.definition, record.query);
    daily.set(key, counts);
    counts.searches += 1;
    if (record.result_count === 0) counts.zero_result_searches += 1;
    counts.latency_ms_sum += record.latency_ms;
    counts.latency_ms_max = Math.max(counts.latency_ms_max, record.latency_ms);
    for (const [filter, value] of record.filters) {
      const filterKey = `${day} ${filter} ${value}`;
      const row = filters.get(filterKey) ?? { day, filter, value, searches: 0 };
      filters.set(filterKey, row);
      row.searches += 1;
    }
  }
  await addDaily(trx, [...daily.values()]);
  const rows = [...filters.values()];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await trx
      .insertInto('search_daily_filters')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.columns(['day', 'filter', 'value']).doUpdateSet((eb) => ({ searches: eb('search_daily_filters.searches', '+', eb.ref('excluded.searches')) })))
      .execute();
  }
}

/** Adds counts to the day-and-definition rows and to their days' totals. */
async function addDaily(trx: Trx, rows: readonly DailyCounts[]): Promise<void> {
  if (rows.length === 0) return;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await trx
      .insertInto('search_daily')
      .values(rows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) =>
        oc.columns(['day', 'definition']).doUpdateSet((eb) => ({
          searches: eb('search_daily.searches', '+', eb.ref('excluded.searches')),
          zero_result_searches: eb('search_daily.zero_result_searches', '+', eb.ref('excluded.zero_result_searches')),
          clicked_searches: eb('search_daily.clicked_searches', '+', eb.ref('excluded.clicked_searches')),
          clicks: eb('search_daily.clicks', '+', eb.ref('excluded.clicks')),
          click_position_sum: eb('search_daily.click_position_sum', '+', eb.ref('excluded.click_position_sum')),
          converted_searches: eb('search_daily.converted_searches', '+', eb.ref('excluded.converted_searches')),
          latency_ms_sum: eb('search_daily.latency_ms_sum', '+', eb.ref('excluded.latency_ms_sum')),
          latency_ms_max: sql<number>`CASE WHEN excluded.latency_ms_max > search_daily.latency_ms_max THEN excluded.latency_ms_max ELSE search_daily.latency_ms_max END`,
        })),
      )
      .execute();
  }
  const days = new Map<string, { day: string; searches: number; zero_result_searches: number; clicked_searches: number; converted_searches: number; latency_ms_sum: number }>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { day: row.day, searches: 0, zero_result_searches: 0, clicked_searches: 0, converted_searches: 0, latency_ms_sum: 0 };
    days.set(row.day, day);
    day.searches += row.searches;
    day.zero_result_searches += row.zero_result_searches;
    day.clicked_searches += row.clicked_searches;
    day.converted_searches += row.converted_searches;
    day.latency_ms_sum += row.latency_ms_sum;
  }
  await trx
    .insertInto('search_days')
    .values([...days.values()])
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        searches: eb('search_days.searches', '+', eb.ref('excluded.searches')),
        zero_result_searches: eb('search_days.zero_result_searches', '+', eb.ref('excluded.zero_result_searches')),
        clicked_searches: eb('search_days.clicked_searches', '+', eb.ref('excluded.clicked_searches')),
        converted_searches: eb('search_days.converted_searches', '+', eb.ref('excluded.converted_searches')),
        latency_ms_sum: eb('search_days.latency_ms_sum', '+', eb.ref('excluded.latency_ms_sum')),
      })),
    )
    .execute();
}

const CONVERSIONS: readonly SearchOutcomeKind[] = ['favourite', 'basket', 'order'];

/** Rolls up the not yet counted outcomes of these searches whose records are stored. */
async function rollUpOutcomes(trx: Trx, searchIds: readonly string[]): Promise<void> {
  if (searchIds.length === 0) return;
  const daily = new Map<string, DailyCounts>();
  const counted: string[] = [];
  for (let i = 0; i < searchIds.length; i += ROWS_PER_STATEMENT) {
    const rows = await trx
      .selectFrom('search_outcomes as o')
      .innerJoin('search_records as r', 'r.search_id', 'o.search_id')
      .select(['o.outcome_id', 'o.kind', 'o.position', 'r.search_id', 'r.day', 'r.definition', 'r.query', 'r.clicked', 'r.converted'])
      .where('o.search_id', 'in', searchIds.slice(i, i + ROWS_PER_STATEMENT))
      .where('o.counted', '=', 0)
      .where('o.kind', '<>', 'impression')
      .orderBy('o.created_at')
      .execute();
    const clickedNow = new Set<string>();
    const convertedNow = new Set<string>();
    for (const row of rows) {
      counted.push(row.outcome_id);
      const key = `${row.day} ${row.definition}`;
      const counts = daily.get(key) ?? emptyCounts(row.day, row.definition, row.query);
      daily.set(key, counts);
      if (row.kind === 'click') {
        counts.clicks += 1;
        counts.click_position_sum += row.position ?? 0;
        if (row.clicked === 0 && !clickedNow.has(row.search_id)) {
          clickedNow.add(row.search_id);
          counts.clicked_searches += 1;
        }
      } else if (CONVERSIONS.includes(row.kind) && row.converted === 0 && !convertedNow.has(row.search_id)) {
        convertedNow.add(row.search_id);
        counts.converted_searches += 1;
      }
    }
    if (clickedNow.size > 0) await trx.updateTable('search_records').set({ clicked: 1 }).where('search_id', 'in', [...clickedNow]).execute();
    if (convertedNow.size > 0) await trx.updateTable('search_records').set({ converted: 1 }).where('search_id', 'in', [...convertedNow]).execute();
  }
  for (let i = 0; i < counted.length; i += ROWS_PER_STATEMENT) {
    await trx.updateTable('search_outcomes').set({ counted: 1 }).where('outcome_id', 'in', counted.slice(i, i + ROWS_PER_STATEMENT)).execute();
  }
  // Impressions are kept but not rolled up: marking them would cost a write each for nothing.
  await addDaily(trx, [...daily.values()]);
}

/**
 * Forgets searches and outcomes made before `beforeDay` (their roll-ups stay) and the salts of
 * days before `saltsBeforeDay`: pruneSearchRecords(db, '2026-08-30', '2026-11-28').
 */
export async function pruneSearchRecords(db: Db, beforeDay: string, saltsBeforeDay: string): Promise<void> {
  await db.deleteFrom('search_outcomes').where('created_at', '<', beforeDay).execute();
  await db.deleteFrom('search_records').where('day', '<', beforeDay).execute();
  await db.deleteFrom('search_visitor_salts').where('day', '<', saltsBeforeDay).execute();
}

const TOP_LISTS: readonly SearchTopList[] = ['queries', 'zero', 'unclicked', 'slowest'];

/**
 * Keeps the leading searches of each list for every day before `beforeDay` not kept yet, with the
 * largest value each list leaves out (docs/SEARCH-ANALYTICS.md): settleSearchTops(db, '2026-11-27').
 * A day is settled once its records have all arrived; two processes settling it at once keep it once.
 * `perDay` is the number of leading searches kept (TOPS_PER_DAY; fewer makes the tests' bounds bite).
 */
export async function settleSearchTops(db: Db, beforeDay: string, perDay = TOPS_PER_DAY): Promise<void> {
  const days = await db
    .selectFrom('search_days')
    .select('day')
    .where('day', '<', beforeDay)
    .where('day', 'not in', db.selectFrom('search_top_days').select('day'))
    .orderBy('day')
    .execute();
  for (const { day } of days) {
    await inTransaction(db, async (trx) => {
      const leftOut: Record<SearchTopList, number> = { queries: 0, zero: 0, unclicked: 0, slowest: 0 };
      for (const list of TOP_LISTS) {
        const values = await dailyListValues(trx, list, day, perDay + 1);
        leftOut[list] = values[perDay]?.value ?? 0;
        const kept = values.slice(0, perDay).map(({ key, value }) => ({ day, list, key, value }));
        for (let i = 0; i < kept.length; i += ROWS_PER_STATEMENT) {
          await trx.insertInto('search_tops').values(kept.slice(i, i + ROWS_PER_STATEMENT)).onConflict((oc) => oc.columns(['list', 'day', 'key']).doNothing()).execute();
        }
      }
      await trx.insertInto('search_top_days').values({ day, ...leftOut }).onConflict((oc) => oc.column('day').doNothing()).execute();
    });
  }
}

/** The secret of a day's pseudonymous visitor ids, made by whichever process asks first: getVisitorSalt(db, '2026-11-28', fresh) -> 'k2…'. */
export async function getVisitorSalt(db: Db, day: string, fresh: string): Promise<string> {
  await db.insertInto('search_visitor_salts').values({ day, salt: fresh }).onConflict((oc) => oc.column('day').doNothing()).execute();
  const row = await db.selectFrom('search_visitor_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}
