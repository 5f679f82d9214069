import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { addRecentlyViewed } from '@easel/data/queries/recently-viewed';
import { apiError } from '../api-error';
import { readJsonBody } from '../read-body';
import { getViewer, keepVisitorSession, SESSION_COOKIE, sessionHash, visitorSessionOf } from '../session';
import { answering, readQuery, shipsToSchema, slugSchema, type Handler } from './api';
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

const listQuerySchema = z.object({ ships_to: shipsToSchema });
const bodySchema = z.object({ slug: slugSchema });

export function createRecentlyViewedHandlers({ getDb }: Dependencies): { GET: Handler; POST: Handler } {
  return {
    /** `{ results: (ProductCard & { status })[] }`; a visitor without a session has none, and the database is not touched. */
    GET: answering('recently viewed', async (request) => {
      const query = readQuery(request, listQuerySchema);
      if (query instanceof Response) return query;
      const viewer = await getViewer(request.cookies.get(SESSION_COOKIE)?.value, getDb);
      const body = viewer === null ? { results: [] } : await loadRecentlyViewed(await getDb(), viewer, query.ships_to);
      return NextResponse.json(body, { headers: PRIVATE });
    }),

    /** Body `{ "slug": "…" }`: records the view and answers the updated list; 404 for a work no shopper can see. */
    POST: answering('recently viewed', async (request) => {
      const query = readQuery(request, listQuerySchema);
      if (query instanceof Response) return query;
      const body = await readJsonBody(request, bodySchema, MAX_BODY_BYTES, '{ "slug": "…" }');
      if (body instanceof Response) return body;
      const { slug } = body;
      const session = visitorSessionOf(request);
      const viewer = session.fresh ? sessionHash(session.sessionId) : (await getViewer(session.sessionId, getDb))!;
      const db = await getDb();
      if (!(await addRecentlyViewed(db, viewer, slug, new Date().toISOString()))) {
        return apiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
      }
      return keepVisitorSession(NextResponse.json(await loadRecentlyViewed(db, viewer, query.ships_to), { headers: PRIVATE }), request, session);
    }),
  };
}
