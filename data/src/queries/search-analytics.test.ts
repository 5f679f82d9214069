import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import type { Db } from '../db';
import { sql } from 'kysely';
import { mulberry32 } from '@easel/shared/random';
import { getPopularSearches, getSearchReport, getTopZeroResultSearches, REPORT_ROWS } from './search-analytics';
import { settleSearchTops, storeSearchActivity, type NewSearchOutcome, type NewSearchRecord, type SearchOutcomeKind } from './search-records';

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

describe('the never-clicked list from kept leading searches', () => {
  it('still lists a search kept on too few days to be looked up when it outranks those looked up', async () => {
    // Unclicked searches by day: 25 busy ones lead days 1 and 2 (20 each) but are clicked on day 3;
    // 20 steady ones follow (14 each); 'late' is left out on days 1 and 2 (6 each) and leads day 3 (20).
    const days = ['2026-12-01', '2026-12-02', '2026-12-03'];
    const rows = days.flatMap((d, i) => [
      ...Array.from({ length: 25 }, (_, k) => day({ day: d, query: `busy${k}`, searches: 20, clicked: i === 2 ? 1 : 0 })),
      ...(i < 2 ? Array.from({ length: 20 }, (_, k) => day({ day: d, query: `steady${k}`, searches: 14 })) : []),
      day({ day: d, query: 'late', searches: i < 2 ? 6 : 20 }),
    ]);
    await db.insertInto('search_daily').values(rows).execute();
    await db.insertInto('search_days').values(days.map((d) => ({ day: d, searches: 1, zero_result_searches: 0, clicked_searches: 0, converted_searches: 0, latency_ms_sum: 0 }))).execute();
    const decemberRange = { from: days[0]!, to: days[2]! };
    const unsettled = (await getSearchReport(db, decemberRange)).unclicked_queries;
    expect(unsettled[0]).toEqual({ query: 'late', definition: 'q=late', count: 32 });
    await settleSearchTops(db, '2026-12-04', 45);
    expect((await getSearchReport(db, decemberRange)).unclicked_queries).toEqual(unsettled);
  });
});

describe('the staff report over a seeded history', () => {
  let history: TemporaryDatabase;
  let on: Db;

  // Four days of searches: a dozen popular words (some with a filter), filter-only browsing, a
  // word never clicked, and a long tail of one-off words that find nothing; clicks (with their
  // positions) and conversions follow some of the searches that found works. Whether a search
  // finds works depends on its definition only, as in a shop. Two searches straddle midnight.
  beforeAll(async () => {
    history = await openTemporaryDatabase('analytics-history');
    on = history.db;
    const random = mulberry32(52);
    const words = ['cat', 'sea', 'abstract', 'portrait', 'city', 'forest', 'horse', 'flowers', 'bridge', 'moon', 'zorblax', 'unloved'];
    const filters = [['colours', 'red'], ['colours', 'blue'], ['style', 'abstract'], ['product_category', 'painting']] as const;
    let n = 0;
    const at = (day: string, i: number) => `${day}T${String(Math.floor(i / 20) % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.000Z`;
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']) {
      const records: NewSearchRecord[] = [];
      const outcomes: NewSearchOutcome[] = [];
      const add = (created_at: string, query: string, filter: readonly [string, string] | undefined) => {
        const search_id = `s${++n}`;
        const definition = new URLSearchParams([...(query ? [['q', query] as [string, string]] : []), ...(filter ? [[...filter] as [string, string]] : [])]).toString();
        const found = !query.startsWith('zq') && query !== 'zorblax';
        records.push({ search_id, created_at, source: 'gallery', query, definition, filters: filter ? [filter] : [], result_count: found ? 7 : 0, page: 1, latency_ms: Math.round((2 + 40 * random() ** 3) * 100) / 100, visitor: null });
        if (!found || query === 'unloved' || random() > 0.4) return;
        const clicks = random() < 0.3 ? 2 : 1;
        for (let c = 0; c < clicks; c++) outcomes.push({ outcome_id: `o${n}-${c}`, search_id, kind: 'click', slug: 'a-work', position: 1 + Math.floor(random() * 9), created_at });
        if (random() < 0.2) outcomes.push({ outcome_id: `o${n}-b`, search_id, kind: random() < 0.5 ? 'basket' : 'order', slug: 'a-work', position: null, created_at });
      };
      for (let i = 0; i < 400; i++) {
        const kind = random();
        const word = words[Math.min(words.length - 1, Math.floor(1 / (random() + 0.09)))]!;
        const filter = filters[Math.floor(random() * filters.length)]!;
        if (kind < 0.2) add(at(day, i), '', filter);
        else if (kind < 0.45) add(at(day, i), `zq${n.toString(36)}`, undefined);
        else add(at(day, i), word, kind < 0.6 ? filter : undefined);
      }
      if (day === '2026-11-02') add('2026-11-02T23:59:59.999Z', 'midnight', undefined);
      if (day === '2026-11-03') add('2026-11-03T00:00:00.000Z', 'midnight', undefined);
      await storeSearchActivity(on, { records, outcomes });
    }
  });
  afterAll(async () => {
    await history.close();
  });

  /** The report's lists computed plainly from the records and outcomes of the range. */
  async function fromRecords(range: { from: string; to: string }) {
    const records = () => on.selectFrom('search_records as r').where('r.day', '>=', range.from).where('r.day', '<=', range.to);
    const outcome = (kinds: SearchOutcomeKind[]) => on.selectFrom('search_outcomes as o').select('o.search_id').where('o.search_id', '=', sql.ref<string>('r.search_id')).where('o.kind', 'in', kinds);
    const clicks = (column: 'position' | 'outcome_id') =>
      on.selectFrom('search_outcomes as o').where('o.search_id', '=', sql.ref<string>('r.search_id')).where('o.kind', '=', 'click').select((eb) => (column === 'position' ? eb.fn.coalesce(eb.fn.sum<number>('o.position'), eb.lit(0)) : eb.fn.count<number>('o.outcome_id')).as('n'));
    const [days, top, zero, unclicked, slowest] = await Promise.all([
      records().select((eb) => ['r.day', eb.fn.countAll<number>().as('searches')]).groupBy('r.day').orderBy('r.day').execute(),
      records()
        .select((eb) => [
          'r.query',
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>(eb.case().when(eb.exists(outcome(['click']))).then(1).else(0).end()).as('clicked'),
          eb.fn.sum<number>(eb.case().when(eb.exists(outcome(['favourite', 'basket', 'order']))).then(1).else(0).end()).as('converted'),
          eb.fn.sum<number>(clicks('outcome_id')).as('clicks'),
          eb.fn.sum<number>(clicks('position')).as('positions'),
        ])
        .where('r.query', '<>', '')
        .groupBy('r.query')
        .orderBy('count', 'desc')
        .orderBy('r.query')
        .limit(REPORT_ROWS)
        .execute(),
      records().select((eb) => ['r.definition', eb.fn.max('r.query').as('query'), eb.fn.countAll<number>().as('count')]).where('r.result_count', '=', 0).groupBy('r.definition').orderBy('count', 'desc').orderBy('r.definition').limit(REPORT_ROWS).execute(),
      records()
        .select((eb) => ['r.definition', eb.fn.max('r.query').as('query'), eb.fn.countAll<number>().as('count')])
        .where('r.result_count', '>', 0)
        .where((eb) => eb.not(eb.exists(outcome(['click']))))
        .groupBy('r.definition')
        .orderBy('count', 'desc')
        .orderBy('r.definition')
        .execute(),
      records()
        .select((eb) => ['r.definition', eb.fn.max('r.query').as('query'), eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('r.latency_ms').as('latency_sum'), eb.fn.max<number>('r.latency_ms').as('max')])
        .groupBy('r.definition')
        .orderBy('max', 'desc')
        .orderBy('r.definition')
        .limit(REPORT_ROWS)
        .execute(),
    ]);
    // Never clicked: of the definitions that found works, those none of whose searches in the range was clicked.
    const clickedDefinitions = new Set((await records().select('r.definition').where((eb) => eb.exists(outcome(['click']))).execute()).map((r) => r.definition));
    const ratio = (part: number, whole: number) => Math.round((part / whole) * 1000) / 1000;
    return {
      searches: days.reduce((sum, d) => sum + Number(d.searches), 0),
      days: days.map((d) => d.day),
      top_queries: top.map((r) => ({
        query: r.query,
        count: Number(r.count),
        click_through_rate: ratio(Number(r.clicked), Number(r.count)),
        conversion_rate: ratio(Number(r.converted), Number(r.count)),
        mean_click_position: Number(r.clicks) > 0 ? Math.round((Number(r.positions) / Number(r.clicks)) * 10) / 10 : null,
      })),
      zero_result_queries: zero.map((r) => ({ query: String(r.query), definition: r.definition, count: Number(r.count) })),
      unclicked_queries: unclicked.filter((r) => !clickedDefinitions.has(r.definition)).slice(0, REPORT_ROWS).map((r) => ({ query: String(r.query), definition: r.definition, count: Number(r.count) })),
      slowest: slowest.map((r) => ({ query: String(r.query), definition: r.definition, count: Number(r.count), mean_latency_ms: Math.round((r.latency_sum / Number(r.count)) * 10) / 10, max_latency_ms: Math.round(r.max * 10) / 10 })),
    };
  }

  async function expectReportFromRecords(range: { from: string; to: string }) {
    const expected = await fromRecords(range);
    const report = await getSearchReport(on, range);
    expect(expected.top_queries).toHaveLength(REPORT_ROWS);
    expect(expected.zero_result_queries).toHaveLength(REPORT_ROWS);
    expect(expected.unclicked_queries.length).toBeGreaterThan(0);
    expect({ ...report, days: report.days.map((d) => d.day), filters: undefined }).toEqual({ ...expected, filters: undefined });
  }

  const whole = { from: '2026-11-01', to: '2026-11-04' };
  const fromMidnight = { from: '2026-11-03', to: '2026-11-04' };

  it('equals the records, before any day is settled', async () => {
    await expectReportFromRecords(whole);
    await expectReportFromRecords(fromMidnight);
  });

  it('equals the records once past days keep only their few leading searches, the day not settled read on the spot', async () => {
    for (const perDay of [1, 2, 5, 12, 3]) {
      await on.deleteFrom('search_tops').execute();
      await on.deleteFrom('search_top_days').execute();
      await settleSearchTops(on, '2026-11-04', perDay);
      const kept = await on.selectFrom('search_tops').select((eb) => ['day', 'list', eb.fn.countAll<number>().as('n')]).groupBy(['day', 'list']).execute();
      expect(new Set(kept.map((k) => k.day))).toEqual(new Set(['2026-11-01', '2026-11-02', '2026-11-03']));
      for (const k of kept) expect(Number(k.n)).toBeLessThanOrEqual(perDay);
      const leftOut = await on.selectFrom('search_top_days').selectAll().execute();
      expect(leftOut.every((d) => d.queries > 0 && d.zero > 0 && d.slowest > 0)).toBe(true);
      await expectReportFromRecords(whole);
      await expectReportFromRecords(fromMidnight);
      await expectReportFromRecords({ from: '2026-11-02', to: '2026-11-03' });
    }
  });

  it('settles each day once', async () => {
    const before = await on.selectFrom('search_tops').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await settleSearchTops(on, '2026-11-04', 3);
    expect(await on.selectFrom('search_tops').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });
});
