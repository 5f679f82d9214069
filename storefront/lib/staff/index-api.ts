import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '@easel/data/db';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { isStaff } from './access';
import type { IndexAdmin } from './index-admin';

/**
 * GET and POST `/api/staff/index/`: the search index's figures (IndexStatus), and a full
 * rebuild started by POST (202 with the run; its progress is then read with GET). Staff only:
 * a visitor is asked to log in (401), any other role is refused (403).
 */

const PRIVATE = { 'Cache-Control': 'private, no-store' };
const PATH = '/api/staff/index/';

export const staffIndexRoutes = ({ getDb, getAdmin }: { getDb: () => Promise<Db>; getAdmin: () => IndexAdmin }) => {
  const staffOnly = createMiddleware(async (c, next) => {
    const staff = await isStaff(sessionCookie(c), getDb);
    if (staff === null) throw new ApiError(401, 'not_signed_in', 'Please log in with a staff account.');
    if (!staff) throw new ApiError(403, 'forbidden', 'Only staff may see and rebuild the search index.');
    await next();
  });
  return new Hono()
    .get(PATH, staffOnly, async (c) => c.json(await getAdmin().status(sessionCookie(c)!), 200, PRIVATE))
    .post(PATH, staffOnly, async (c) => {
      const run = await getAdmin().rebuild(sessionCookie(c)!);
      if (run === 'running') throw new ApiError(409, 'conflict', 'A rebuild is under way already; follow its progress.');
      if (run === 'unavailable') throw new ApiError(503, 'unavailable', 'The indexer does not answer, so the index cannot be rebuilt now.');
      return c.json(run, 202, PRIVATE);
    });
};
