import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '@easel/data/db';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { query } from '../api/validate';
import { isStaff } from './access';
import { getSearchAnalytics, reportRange, reportRangeSchema } from './search-analytics';

/**
 * GET `/api/staff/search-analytics/?from=&to=`: what shoppers searched for over a range of UTC
 * days (by default the last 30), as `{ from, to, searches, days, top_queries, zero_result_queries,
 * unclicked_queries, slowest, filters }` (lib/staff/search-analytics.ts). Staff only: anyone
 * else, signed in or not, is refused with 403.
 */

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const PATH = '/api/staff/search-analytics/';

export const searchAnalyticsRoutes = ({ getDb }: { getDb: () => Promise<Db> }) => {
  const staffOnly = createMiddleware(async (c, next) => {
    if ((await isStaff(sessionCookie(c), getDb)) !== true) throw new ApiError(403, 'forbidden', 'Only staff may see what shoppers search for; please log in with a staff account.');
    await next();
  });
  return new Hono().get(PATH, staffOnly, query(reportRangeSchema), async (c) =>
    c.json(await getSearchAnalytics(await getDb(), reportRange(c.req.valid('query'))), 200, PRIVATE));
};
