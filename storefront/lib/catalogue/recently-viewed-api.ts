import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { addRecentlyViewed } from '@easel/data/queries/recently-viewed';
import { apiError } from '../api-error';
import { readBodyText } from '../read-body';
import { getViewer, newSessionId, SESSION_COOKIE, sessionHash, setSessionCookie } from '../session';
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
/** As long as the settings cookies, so a returning visitor finds both. */
const VISITOR_SESSION_MAX_AGE_S = 365 * 24 * 60 * 60;
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
      const slug = await readSlug(request);
      if (slug instanceof Response) return slug;
      const existing = request.cookies.get(SESSION_COOKIE)?.value;
      const sessionId = existing ?? newSessionId();
      const viewer = existing ? (await getViewer(existing, getDb))! : sessionHash(sessionId);
      const db = await getDb();
      if (!(await addRecentlyViewed(db, viewer, slug, new Date().toISOString()))) {
        return apiError(404, 'not_found', `There is no artwork ${slug}.`, 'slug');
      }
      const response = NextResponse.json(await loadRecentlyViewed(db, viewer, query.ships_to), { headers: PRIVATE });
      if (!existing) {
        setSessionCookie(response, request, sessionId, VISITOR_SESSION_MAX_AGE_S);
      }
      return response;
    }),
  };
}

async function readSlug(request: NextRequest): Promise<string | Response> {
  const text = await readBodyText(request, MAX_BODY_BYTES);
  if (text === null) return apiError(413, 'payload_too_large', `The body may be at most ${MAX_BODY_BYTES} bytes.`, 'body');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return apiError(400, 'invalid_json', 'The body must be a JSON object such as { "slug": "…" }.', 'body');
  }
  const result = bodySchema.safeParse(body);
  if (result.success) return result.data.slug;
  const issue = result.error.issues[0]!;
  const param = issue.path.length > 0 ? String(issue.path[0]) : 'body';
  return apiError(400, issue.path.length > 0 ? 'invalid_parameter' : 'invalid_json', `${param} ${issue.message}.`, param);
}
