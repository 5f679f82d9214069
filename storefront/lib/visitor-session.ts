import { randomBytes } from 'node:crypto';
import type { NextRequest, NextResponse } from 'next/server';
import { setCookies } from './cookies';
import { SESSION_COOKIE } from './session';

/** As long as the settings cookies, so a returning visitor finds their basket and their views. */
const VISITOR_SESSION_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The request's `sessionid`, or a fresh random one for a visitor who has none yet. A fresh one
 * is only kept once `keepVisitorSession` writes it on the response.
 */
export function visitorSessionOf(request: NextRequest): { sessionId: string; fresh: boolean } {
  const existing = request.cookies.get(SESSION_COOKIE)?.value;
  return existing ? { sessionId: existing, fresh: false } : { sessionId: randomBytes(32).toString('base64url'), fresh: true };
}

/** Sets the cookie for a session `visitorSessionOf` made up; an existing one is left as it is. */
export function keepVisitorSession(response: NextResponse, request: NextRequest, session: { sessionId: string; fresh: boolean }): NextResponse {
  if (session.fresh) {
    setCookies(response, { [SESSION_COOKIE]: session.sessionId }, { path: '/', maxAge: VISITOR_SESSION_MAX_AGE_S, secure: request.nextUrl.protocol === 'https:' });
  }
  return response;
}
