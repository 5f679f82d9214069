import { sql } from 'kysely';
import type { Db } from '../db';

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
