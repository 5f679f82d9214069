import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import type { Db } from '../db';
import { getSearchReport } from './search-analytics';
import { getVisitorSalt, pruneSearchRecords, storeSearchActivity, type NewSearchOutcome, type NewSearchRecord } from './search-records';

let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('records');
  db = temp.db;
});
afterAll(async () => {
  await temp.close();
});

const search = (id: string, over: Partial<NewSearchRecord> = {}): NewSearchRecord => ({
  search_id: id,
  created_at: '2026-11-02T10:00:00.000Z',
  source: 'gallery',
  query: 'cat',
  definition: 'q=cat',
  filters: [],
  result_count: 12,
  page: 1,
  latency_ms: 4,
  visitor: 'v1',
  ...over,
});
let outcomeCount = 0;
const outcome = (searchId: string, kind: NewSearchOutcome['kind'], position: number | null = null): NewSearchOutcome => ({
  outcome_id: `o${++outcomeCount}`,
  search_id: searchId,
  kind,
  slug: 'a-work',
  position,
  created_at: '2026-11-02T10:01:00.000Z',
});
const range = { from: '2026-11-01', to: '2026-11-03' };

describe('storing searches and outcomes', () => {
  it('rolls searches, clicks and conversions up by day and definition, counting each search once', async () => {
    const batch = {
      records: [
        search('s1'),
        search('s2', { latency_ms: 10 }),
        search('s3', { query: 'zorblax', definition: 'q=zorblax', result_count: 0 }),
        search('s4', { query: '', definition: 'colours=red&painting=oil', filters: [['colours', 'red'], ['painting', 'oil']] }),
      ],
      outcomes: [outcome('s1', 'impression', 1), outcome('s1', 'click', 2), outcome('s1', 'click', 4), outcome('s1', 'basket'), outcome('s1', 'order')],
    };
    await storeSearchActivity(db, batch);
    // Stored again, as after a crash before the batch was forgotten: nothing changes.
    await storeSearchActivity(db, batch);
    const report = await getSearchReport(db, range);
    expect(report.searches).toBe(4);
    expect(report.days).toEqual([{ day: '2026-11-02', searches: 4, zero_result_searches: 1 }]);
    expect(report.top_queries).toEqual([
      { query: 'cat', count: 2, click_through_rate: 0.5, conversion_rate: 0.5, mean_click_position: 3 },
      { query: 'zorblax', count: 1, click_through_rate: 0, conversion_rate: 0, mean_click_position: null },
    ]);
    expect(report.zero_result_queries).toEqual([{ query: 'zorblax', definition: 'q=zorblax', count: 1 }]);
    expect(report.unclicked_queries).toEqual([{ query: '', definition: 'colours=red&painting=oil', count: 1 }]);
    expect(report.slowest[0]).toEqual({ query: 'cat', definition: 'q=cat', count: 2, mean_latency_ms: 7, max_latency_ms: 10 });
    expect(report.filters).toEqual([
      { filter: 'colours', searches: 1, values: [{ value: 'red', searches: 1 }] },
      { filter: 'painting', searches: 1, values: [{ value: 'oil', searches: 1 }] },
    ]);
  });

  it('rolls up an outcome that arrives before its search once the search is stored', async () => {
    await storeSearchActivity(db, { records: [], outcomes: [outcome('late', 'click', 1)] });
    expect((await getSearchReport(db, range)).top_queries.find((q) => q.query === 'dog')).toBeUndefined();
    await storeSearchActivity(db, { records: [search('late', { query: 'dog', definition: 'q=dog' })], outcomes: [] });
    expect((await getSearchReport(db, range)).top_queries.find((q) => q.query === 'dog')).toEqual({
      query: 'dog', count: 1, click_through_rate: 1, conversion_rate: 0, mean_click_position: 1,
    });
  });

  it('forgets records past their time but keeps their roll-ups', async () => {
    await pruneSearchRecords(db, '2026-11-03', '2026-11-03');
    expect(await db.selectFrom('search_records').select('search_id').execute()).toEqual([]);
    expect(await db.selectFrom('search_outcomes').select('outcome_id').execute()).toEqual([]);
    expect((await getSearchReport(db, range)).searches).toBe(5);
  });

  it('gives every process the same salt for a day', async () => {
    expect(await getVisitorSalt(db, '2026-11-28', 'first')).toBe('first');
    expect(await getVisitorSalt(db, '2026-11-28', 'second')).toBe('first');
    expect(await getVisitorSalt(db, '2026-11-29', 'third')).toBe('third');
  });
});
