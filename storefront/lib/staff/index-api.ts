import { NextResponse, type NextRequest } from 'next/server';
import type { Db } from '@easel/data/db';
import { apiError } from '../api-error';
import { answering, type Handler } from '../catalogue/api';
import { SESSION_COOKIE } from '../session';
import { isStaff } from './access';
import type { IndexAdmin } from './index-admin';

/**
 * GET and POST `/api/staff/index/`: the search index's figures (IndexStatus), and a full
 * rebuild started by POST (202 with the run; its progress is then read with GET). Staff only:
 * a visitor is asked to log in (401), any other role is refused (403).
 */

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export function createStaffIndexHandlers({ getDb, getAdmin }: { getDb: () => Promise<Db>; getAdmin: () => IndexAdmin }): { GET: Handler; POST: Handler } {
  const staffOnly = (handler: Handler): Handler => answering('staff index', async (request: NextRequest) => {
    const staff = await isStaff(request.cookies.get(SESSION_COOKIE)?.value, getDb);
    if (staff === null) return apiError(401, 'not_signed_in', 'Please log in with a staff account.');
    if (!staff) return apiError(403, 'forbidden', 'Only staff may see and rebuild the search index.');
    return handler(request);
  });
  return {
    GET: staffOnly(async () => NextResponse.json(await getAdmin().status(), { headers: PRIVATE })),
    POST: staffOnly(async () => {
      const run = getAdmin().rebuild();
      if (run === 'running') return apiError(409, 'conflict', 'A rebuild is under way already; follow its progress.');
      if (run === 'unavailable') return apiError(503, 'unavailable', 'This server does not know the search engine, so it cannot rebuild the index.');
      return NextResponse.json(run, { status: 202, headers: PRIVATE });
    }),
  };
}
