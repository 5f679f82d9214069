import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSearchActivity } from '@easel/data/queries/search-records';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { searchAnalyticsRoutes } from './search-analytics-api';
import type { SearchAnalytics } from './search-analytics';

let temp: TemporaryDatabase;
let routes: ReturnType<typeof callable>;

beforeAll(async () => {
  temp = await openTemporaryDatabase('search-analytics-api');
  for (const role of ['user', 'provider', 'staff'] as const) {
    const id = await addUser(temp.db, undefined, `${role}@example.com`);
    await temp.db.updateTable('users').set({ role }).where('id', '=', id).execute();
    await addSession(temp.db, `${role}-session`, id);
  }
  const search = (id: string, queryString: string, day: string, resultCount: number) => ({
    search_id: id.padEnd(32, '0'), created_at: `${day}T12:00:00.000Z`, source: 'gallery' as const,
    query: new URLSearchParams(queryString).get('q') ?? '', definition: queryString, filters: [], result_count: resultCount, page: 1, latency_ms: 5, visitor: null,
  });
  await storeSearchActivity(temp.db, {
    records: [
      search('a1', 'q=zorblax', '2026-11-20', 0),
      search('a2', 'q=zorblax', '2026-11-21', 0),
      search('a3', 'painting=oil&q=sea', '2026-11-21', 40),
      search('a4', 'q=sea', '2026-10-01', 90),
    ],
    outcomes: [{ outcome_id: 'o1', search_id: 'a3'.padEnd(32, '0'), kind: 'click', slug: 'a-work', position: 2, created_at: '2026-11-21T12:01:00.000Z' }],
  });
  routes = callable(searchAnalyticsRoutes({ getDb: async () => temp.db }));
});
afterAll(() => temp.close());

const get = (query: string, session?: string) =>
  routes(new NextRequest(`http://shop.test/api/staff/search-analytics/${query}`, { headers: session ? { Cookie: `sessionid=${session}` } : {} }));

describe('GET /api/staff/search-analytics/', () => {
  it.each([
    ['a visitor', undefined],
    ['a visitor with an unknown session', 'no-such-session'],
    ['a shopper', 'user-session'],
    ['an artist', 'provider-session'],
  ])('refuses %s with 403, saying who may see it', async (_, session) => {
    const response = await get('?from=2026-11-01&to=2026-11-30', session);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('Only staff') } });
  });

  it('refuses a shopper before reading the range, so a bad range reveals nothing either', async () => {
    expect((await get('?from=yesterday', 'user-session')).status).toBe(403);
  });

  it("answers staff the range's searches in the issue's shape, each listed search with its gallery address", async () => {
    const response = await get('?from=2026-11-01&to=2026-11-30', 'staff-session');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = (await response.json()) as SearchAnalytics;
    expect(body).toMatchObject({ from: '2026-11-01', to: '2026-11-30', searches: 3 });
    expect(body.top_queries).toEqual([
      { query: 'zorblax', count: 2, click_through_rate: 0, conversion_rate: 0, mean_click_position: null, gallery_url: '/shop/?q=zorblax' },
      { query: 'sea', count: 1, click_through_rate: 1, conversion_rate: 0, mean_click_position: 2, gallery_url: '/shop/?q=sea' },
    ]);
    expect(body.zero_result_queries).toEqual([{ query: 'zorblax', definition: 'q=zorblax', count: 2, gallery_url: '/shop/?q=zorblax' }]);
    expect(body.slowest.map((row) => row.gallery_url)).toContain('/shop/painting/oil/?q=sea');
    expect(body.days.map((d) => d.day)).toEqual(['2026-11-20', '2026-11-21']);
  });

  it.each([
    ['?from=28/11/2026', 'from'],
    ['?to=2026-13-01', 'to'],
    ['?from=2026-11-30&to=2026-11-01', 'from'],
    ['?from=2024-01-01&to=2026-11-01', 'from'],
  ])('answers staff 400 naming the parameter for %s', async (query, param) => {
    const response = await get(query, 'staff-session');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter', param } });
  });
});
