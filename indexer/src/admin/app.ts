import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '@easel/data/db';
import { errorBody, type ApiErrorCode } from '@easel/shared/api-error-body';
import { isStaffSession } from '@easel/data/queries/staff';
import type { IndexAdmin } from './index-admin';

/**
 * The indexer's admin API, for the storefront's staff index routes: GET `/status` (IndexStatus)
 * and POST `/rebuild` (202 with the run, 409 while one is under way). Every request carries
 * the staff member's own session cookie as `Authorization: Bearer <cookie>`, checked against the
 * shared database as the storefront checks it: no live session is 401, any role but staff 403
 * (docs/SECURITY.md, "The indexer's admin endpoint").
 */
export function createAdminApp({ db, admin }: { db: Db; admin: IndexAdmin }) {
  const refuse = (status: ContentfulStatusCode, code: ApiErrorCode, message: string) => Response.json(errorBody(code, message), { status });
  const staffOnly = createMiddleware(async (c, next) => {
    const session = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const staff = session ? await isStaffSession(db, session, new Date().toISOString()) : null;
    if (staff === null) return refuse(401, 'not_signed_in', 'Send a staff session as Authorization: Bearer <session>.');
    if (!staff) return refuse(403, 'forbidden', 'Only staff may see and rebuild the search index.');
    await next();
  });
  return new Hono()
    .use(staffOnly)
    .get('/status', async (c) => c.json(await admin.status(), 200))
    .post('/rebuild', (c) => {
      const run = admin.rebuild();
      if (run === 'running') return c.json(errorBody('conflict', 'A rebuild is under way already; follow its progress.'), 409);
      return c.json(run, 202);
    });
}

export type AdminApp = ReturnType<typeof createAdminApp>;
