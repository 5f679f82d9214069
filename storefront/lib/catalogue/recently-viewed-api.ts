import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { addRecentlyViewed } from '@easel/data/queries/recently-viewed';
import { sessionCookie } from '../api/context';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { shipsToQuerySchema, slugSchema } from '../request-params';
import { getViewer, keepVisitorSession, sessionHash, visitorSessionOf } from '../session';
import { loadRecentlyViewed } from './home';

/**
 * GET and POST /api/recently-viewed/: the works a shopper looked at, newest first. A signed-in
 * user's list follows the account; a visitor's follows their `sessionid` cookie, which the
 * first POST sets when there is none.
 */

type Dependencies = { getDb: () => Promise<Db> };

/** A body naming one slug is far below this. */
const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };

const bodySchema = z.object({ slug: slugSchema });

export const recentlyViewedRoutes = ({ getDb }: Dependencies) =>
  new Hono()
    /** `{ results: (ProductCard & { status })[] }`; a visitor without a session has none, and the database is not touched. */
    .get('/api/recently-viewed/', query(shipsToQuerySchema), async (c) => {
      const viewer = await getViewer(sessionCookie(c), getDb);
      const body = viewer === null ? { results: [] } : await loadRecentlyViewed(await getDb(), viewer, c.req.valid('query').ships_to);
      return c.json(body, 200, PRIVATE);
    })
    /** Body `{ "slug": "…" }`: records the view and answers the updated list; 404 for a work no shopper can see. */
    .post('/api/recently-viewed/', query(shipsToQuerySchema), jsonObject(MAX_BODY_BYTES, '{ "slug": "…" }'), json(bodySchema), async (c) => {
      const { slug } = c.req.valid('json');
      const session = visitorSessionOf(c.req.raw);
      const viewer = session.fresh ? sessionHash(session.sessionId) : (await getViewer(session.sessionId, getDb))!;
      const db = await getDb();
      if (!(await addRecentlyViewed(db, viewer, slug, new Date().toISOString()))) {
        throw new ApiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
      }
      return keepVisitorSession(c.json(await loadRecentlyViewed(db, viewer, c.req.valid('query').ships_to), 200, PRIVATE), c.req.raw, session);
    });
