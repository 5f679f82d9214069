import { sql } from 'kysely';
import type { Db } from '../db';
import type { SearchTopList } from '../schema';

/**
 * Reads of the search analytics' daily roll-ups (`search_daily`; docs/SEARCH-ANALYTICS.md).
 * Days are UTC 'YYYY-MM-DD', both ends included. Every read here touches only the roll-ups, so
 * it costs the same whether the records behind them are still kept or already gone.
 */

/** An inclusive range of UTC days: { from: '2026-09-01', to: '2026-11-28' }. */
export interface DayRange {
  from: string;
  to: string;
}

/** Words shoppers searched for that found works and were clicked, most clicked first. */
export interface PopularSearch {
  /** The normalised words: 'cat asleep'. */
  query: string;
  searches: number;
  /** Searches of these words with at least one click on a result. */
  clicked_searches: number;
}

/** Words whose searches found nothing, most searched first. */
export interface ZeroResultSearch {
  query: string;
  count: number;
}

/**
 * The words most often searched that found works and were clicked, in a day range, optionally
 * starting with `prefix` (normalised words, for suggestions as the shopper types); searches
 * without words are left out:
 * getPopularSearches(db, { from: '2026-11-01', to: '2026-11-28' }, { limit: 2, prefix: 'ca' })
 * -> [{ query: 'cat', searches: 310, clicked_searches: 120 }, { query: 'cathedral', searches: 40, clicked_searches: 9 }].
 */
export async function getPopularSearches(db: Db, range: DayRange, options: { limit: number; prefix?: string }): Promise<PopularSearch[]> {
  let select = db
    .selectFrom('search_daily')
    .select((eb) => ['query', eb.fn.sum<number>('searches').as('searches'), eb.fn.sum<number>('clicked_searches').as('clicked_searches')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('query', '<>', '');
  const prefix = options.prefix;
  if (prefix) select = select.where(sql<string>`substr(query, 1, ${prefix.length})`, '=', prefix);
  return select
    .groupBy('query')
    .having((eb) => eb(eb.fn.sum('clicked_searches'), '>', 0))
    .having((eb) => eb(eb.fn.sum('searches'), '>', eb.fn.sum('zero_result_searches')))
    .orderBy('clicked_searches', 'desc')
    .orderBy('query')
    .limit(options.limit)
    .execute();
}

/**
 * The words most often searched that found nothing, in a day range:
 * getTopZeroResultSearches(db, { from: '2026-11-01', to: '2026-11-28' }, { limit: 1 }) -> [{ query: 'zorblax', count: 20 }].
 */
export async function getTopZeroResultSearches(db: Db, range: DayRange, options: { limit: number }): Promise<ZeroResultSearch[]> {
  return db
    .selectFrom('search_daily')
    .select((eb) => ['query', eb.fn.sum<number>('zero_result_searches').as('count')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('query', '<>', '')
    .where('zero_result_searches', '>', 0)
    .groupBy('query')
    .orderBy('count', 'desc')
    .orderBy('query')
    .limit(options.limit)
    .execute();
}

/** A day's searches, for the chart of searches over time. */
export interface SearchDay {
  day: string;
  searches: number;
  zero_result_searches: number;
}

/** The words most searched, and how their searches went. */
export interface TopSearch {
  query: string;
  count: number;
  /** Searches with a click on a result, of all: 0 to 1. */
  click_through_rate: number;
  /** Searches followed by a favourite, basket add or order, of all: 0 to 1. */
  conversion_rate: number;
  /** The mean position (from 1) of the results clicked; null without clicks. */
  mean_click_position: number | null;
}

/** A search (words and filters) and how many times it was made. */
export interface DefinitionCount {
  query: string;
  /** The canonical query string of the words and filters: 'colours=red&q=cat'. */
  definition: string;
  count: number;
}

export interface SlowSearch extends DefinitionCount {
  mean_latency_ms: number;
  max_latency_ms: number;
}

/** A filter and its values, most used first. */
export interface FilterUse {
  filter: string;
  searches: number;
  values: { value: string; searches: number }[];
}

export interface SearchReport {
  searches: number;
  days: SearchDay[];
  top_queries: TopSearch[];
  /** Searches that found nothing: their words and filters. */
  zero_result_queries: DefinitionCount[];
  /** Searches that found works none of which was clicked. */
  unclicked_queries: DefinitionCount[];
  slowest: SlowSearch[];
  filters: FilterUse[];
}

/** Rows in each list of the report. */
export const REPORT_ROWS = 20;
/** Values listed under each filter. */
const VALUES_PER_FILTER = 8;

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);

/** A settled day's leading searches kept per list (`search_tops`). */
export const TOPS_PER_DAY = 200;
/** Candidates looked up exactly at most; beyond, the list is read in full. */
const MAX_CANDIDATES = 1000;

type DayValue = { day: string; key: string; value: number };

/**
 * A day's values of the searches in a list, largest first: the words' searches ('queries'), a
 * definition's searches that found nothing ('zero'), its searches that found works and were not
 * clicked ('unclicked') or its longest latency ('slowest'):
 * dailyListValues(db, 'zero', '2026-11-27', 2) -> [{ day: '2026-11-27', key: 'q=zorblax', value: 20 }, …].
 */
export async function dailyListValues(db: Db, list: SearchTopList, day: string, limit: number): Promise<DayValue[]> {
  const rows = db.selectFrom('search_daily').where('day', '=', day);
  const query =
    list === 'queries'
      ? rows.select((eb) => ['day', 'query as key', eb.fn.sum<number>('searches').as('value')]).where('query', '<>', '').groupBy(['day', 'query'])
      : list === 'zero'
        ? rows.select(['day', 'definition as key', 'zero_result_searches as value']).where('zero_result_searches', '>', 0)
        : list === 'unclicked'
          ? rows.select(['day', 'definition as key', 'searches as value']).where('zero_result_searches', '=', 0).where('clicked_searches', '=', 0)
          : rows.select(['day', 'definition as key', 'latency_ms_max as value']);
  return query.orderBy('value', 'desc').orderBy('key').limit(limit).execute();
}

/**
 * One list of the report, exact without reading the range's long tail. Each day counts only its
 * TOPS_PER_DAY leading searches of the list: kept in `search_tops` once the day is settled, with
 * the largest value left out in `search_top_days`, or found on the spot for a day not settled yet.
 * A search left out on every day adds up to at most the sum (for 'slowest', the largest) of the
 * values left out, so the exact figures of the searches that could still reach the list decide it
 * once its last row beats that bound; otherwise the list is read in full.
 */
async function leadingRows<Row>(db: Db, range: DayRange, dayList: readonly string[], list: SearchTopList, read: (keys?: readonly string[]) => Promise<Row[]>, valueOf: (row: Row) => number): Promise<Row[]> {
  const byMax = list === 'slowest';
  const combine = (a: number, b: number) => (byMax ? Math.max(a, b) : a + b);
  const settled = await db.selectFrom('search_top_days').select(['day', list]).where('day', '>=', range.from).where('day', '<=', range.to).execute();
  const settledDays = new Set(settled.map((d) => d.day));
  const [kept, ...unsettled] = await Promise.all([
    db
      .selectFrom('search_tops')
      .select((eb) => ['key', (byMax ? eb.fn.max<number>('value') : eb.fn.sum<number>('value')).as('value')])
      .where('list', '=', list)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('key')
      .execute(),
    ...dayList.filter((day) => !settledDays.has(day)).map((day) => dailyListValues(db, list, day, TOPS_PER_DAY + 1)),
  ]);
  let bound = settled.reduce((sum, d) => combine(sum, d[list]), 0);
  const partial = new Map<string, number>(kept.map((row) => [row.key, row.value]));
  for (const day of unsettled) {
    bound = combine(bound, day[TOPS_PER_DAY]?.value ?? 0);
    for (const row of day.slice(0, TOPS_PER_DAY)) partial.set(row.key, combine(partial.get(row.key) ?? 0, row.value));
  }
  const last = [...partial.values()].sort((a, b) => b - a)[REPORT_ROWS - 1] ?? 0;
  const candidates: string[] = [];
  // The most a search not looked up can reach: one left out every day, or one whose kept values
  // (with the left-out ones) stay under the list's last kept figure.
  let beyond = bound;
  for (const [key, value] of partial) {
    const most = combine(value, bound);
    if (most >= last) candidates.push(key);
    else beyond = Math.max(beyond, most);
  }
  if (candidates.length === 0 && beyond === 0) return [];
  if (candidates.length > 0 && candidates.length <= MAX_CANDIDATES) {
    const rows = await read(candidates);
    // Exact once nothing else can reach the list, or its last row beats all else can reach.
    if (beyond === 0 || (rows.length === REPORT_ROWS && valueOf(rows.at(-1)!) > beyond)) return rows;
  }
  return read();
}

/** Everything the staff's search page shows over a day range, read from the roll-ups. */
export async function getSearchReport(db: Db, range: DayRange): Promise<SearchReport> {
  const daily = () => db.selectFrom('search_daily').where('day', '>=', range.from).where('day', '<=', range.to);
  const days = await db.selectFrom('search_days').select(['day', 'searches', 'zero_result_searches']).where('day', '>=', range.from).where('day', '<=', range.to).orderBy('day').execute();
  const dayList = days.map((d) => d.day);
  const [top, zero, unclicked, slowest, filters, values] = await Promise.all([
    leadingRows(db, range, dayList, 'queries', (keys) =>
      daily()
        .select((eb) => [
          'query',
          eb.fn.sum<number>('searches').as('count'),
          eb.fn.sum<number>('clicked_searches').as('clicked'),
          eb.fn.sum<number>('converted_searches').as('converted'),
          eb.fn.sum<number>('clicks').as('clicks'),
          eb.fn.sum<number>('click_position_sum').as('positions'),
        ])
        .where('query', '<>', '')
        .$if(keys !== undefined, (q) => q.where('query', 'in', keys!))
        .groupBy('query')
        .orderBy('count', 'desc')
        .orderBy('query')
        .limit(REPORT_ROWS)
        .execute(), (row) => row.count),
    leadingRows(db, range, dayList, 'zero', (keys) =>
      daily()
        .select((eb) => ['definition', eb.fn.max('query').as('query'), eb.fn.sum<number>('zero_result_searches').as('count')])
        .where('zero_result_searches', '>', 0)
        .$if(keys !== undefined, (q) => q.where('definition', 'in', keys!))
        .groupBy('definition')
        .orderBy('count', 'desc')
        .orderBy('definition')
        .limit(REPORT_ROWS)
        .execute(), (row) => row.count),
    // Searches whose rows with results in the range have no click: the partial indexes of those
    // rows (migration 0030) answer it without the rows that found nothing or were clicked.
    leadingRows(db, range, dayList, 'unclicked', (keys) =>
      db
        .selectFrom('search_daily as d')
        .select((eb) => ['d.definition', eb.fn.max('d.query').as('query'), eb.fn.sum<number>('d.searches').as('count')])
        .where('d.day', '>=', range.from)
        .where('d.day', '<=', range.to)
        .where('d.zero_result_searches', '=', sql.lit(0))
        .where('d.clicked_searches', '=', sql.lit(0))
        .$if(keys !== undefined, (q) => q.where('d.definition', 'in', keys!))
        .groupBy('d.definition')
        .having((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('search_daily as c')
                .select(sql.lit(1).as('clicked'))
                .whereRef('c.definition', '=', 'd.definition')
                .where('c.day', '>=', range.from)
                .where('c.day', '<=', range.to)
                .where('c.zero_result_searches', '=', sql.lit(0))
                .where('c.clicked_searches', '>', sql.lit(0)),
            ),
          ),
        )
        .orderBy('count', 'desc')
        .orderBy('d.definition')
        .limit(REPORT_ROWS)
        .execute(), (row) => row.count),
    leadingRows(db, range, dayList, 'slowest', (keys) =>
      daily()
        .select((eb) => [
          'definition',
          eb.fn.max('query').as('query'),
          eb.fn.sum<number>('searches').as('count'),
          eb.fn.sum<number>('latency_ms_sum').as('latency_sum'),
          eb.fn.max<number>('latency_ms_max').as('max_latency_ms'),
        ])
        .$if(keys !== undefined, (q) => q.where('definition', 'in', keys!))
        .groupBy('definition')
        .orderBy('max_latency_ms', 'desc')
        .orderBy('definition')
        .limit(REPORT_ROWS)
        .execute(), (row) => row.max_latency_ms),
    db
      .selectFrom('search_daily_filters')
      .select((eb) => ['filter', eb.fn.sum<number>('searches').as('searches')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy('filter')
      .orderBy('searches', 'desc')
      .orderBy('filter')
      .execute(),
    db
      .selectFrom('search_daily_filters')
      .select((eb) => ['filter', 'value', eb.fn.sum<number>('searches').as('searches')])
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(['filter', 'value'])
      .orderBy('searches', 'desc')
      .orderBy('value')
      .execute(),
  ]);
  return {
    searches: days.reduce((sum, d) => sum + d.searches, 0),
    days,
    top_queries: top.map((row) => ({
      query: row.query,
      count: row.count,
      click_through_rate: ratio(row.clicked, row.count),
      conversion_rate: ratio(row.converted, row.count),
      mean_click_position: row.clicks > 0 ? Math.round((row.positions / row.clicks) * 10) / 10 : null,
    })),
    zero_result_queries: zero.map((row) => ({ query: String(row.query), definition: row.definition, count: row.count })),
    unclicked_queries: unclicked.map((row) => ({ query: String(row.query), definition: row.definition, count: row.count })),
    slowest: slowest.map((row) => ({
      query: String(row.query),
      definition: row.definition,
      count: row.count,
      mean_latency_ms: Math.round((row.latency_sum / row.count) * 10) / 10,
      max_latency_ms: Math.round(row.max_latency_ms * 10) / 10,
    })),
    filters: filters.map((f) => ({
      filter: f.filter,
      searches: f.searches,
      values: values.filter((v) => v.filter === f.filter).slice(0, VALUES_PER_FILTER).map(({ value, searches }) => ({ value, searches })),
    })),
  };
}
