import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import type { Db } from '../db';
import { getPopularSearches, getTopZeroResultSearches } from './search-analytics';

let temp: TemporaryDatabase;
let db: Db;

const day = (row: { day: string; query: string; definition?: string; searches: number; zero?: number; clicked?: number }) => ({
  day: row.day,
  query: row.query,
  definition: row.definition ?? `q=${row.query}`,
  searches: row.searches,
  zero_result_searches: row.zero ?? 0,
  clicked_searches: row.clicked ?? 0,
  clicks: row.clicked ?? 0,
  click_position_sum: row.clicked ?? 0,
  converted_searches: 0,
  latency_ms_sum: row.searches * 3,
  latency_ms_max: 9,
});

beforeAll(async () => {
  temp = await openTemporaryDatabase('analytics');
  db = temp.db;
  await db.insertInto('search_daily').values([
    day({ day: '2026-11-01', query: 'cat', searches: 10, clicked: 4 }),
    day({ day: '2026-11-02', query: 'cat', definition: 'colours=red&q=cat', searches: 5, clicked: 3 }),
    day({ day: '2026-11-02', query: 'cathedral', searches: 8, clicked: 5 }),
    day({ day: '2026-11-02', query: 'castle', searches: 30 }),
    day({ day: '2026-11-02', query: 'zorblax', searches: 20, zero: 20 }),
    day({ day: '2026-11-02', query: 'dog', searches: 12, zero: 2, clicked: 1 }),
    day({ day: '2026-11-02', query: '', definition: 'colours=red', searches: 99, zero: 50, clicked: 30 }),
    day({ day: '2026-10-01', query: 'zorblax', searches: 7, zero: 7 }),
  ]).execute();
});
afterAll(async () => {
  await temp.close();
});

const range = { from: '2026-11-01', to: '2026-11-30' };

describe('search analytics reads', () => {
  it('lists words that found works and were clicked, summed over the days and definitions, most clicked first', async () => {
    expect(await getPopularSearches(db, range, { limit: 10 })).toEqual([
      { query: 'cat', searches: 15, clicked_searches: 7 },
      { query: 'cathedral', searches: 8, clicked_searches: 5 },
      { query: 'dog', searches: 12, clicked_searches: 1 },
    ]);
  });

  it('narrows popular searches to a prefix and a limit', async () => {
    expect(await getPopularSearches(db, range, { limit: 1, prefix: 'cat' })).toEqual([{ query: 'cat', searches: 15, clicked_searches: 7 }]);
    expect(await getPopularSearches(db, range, { limit: 5, prefix: 'd' })).toEqual([{ query: 'dog', searches: 12, clicked_searches: 1 }]);
    expect(await getPopularSearches(db, range, { limit: 5, prefix: 'x' })).toEqual([]);
  });

  it('lists the words that found nothing within the range, most searched first', async () => {
    expect(await getTopZeroResultSearches(db, range, { limit: 10 })).toEqual([
      { query: 'zorblax', count: 20 },
      { query: 'dog', count: 2 },
    ]);
    expect(await getTopZeroResultSearches(db, { from: '2026-10-01', to: '2026-10-01' }, { limit: 10 })).toEqual([{ query: 'zorblax', count: 7 }]);
  });
});
