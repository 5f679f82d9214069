import { randomBytes } from 'node:crypto';
import { RequestCookies } from 'next/dist/server/web/spec-extension/cookies.js';
import type { Db } from '@easel/data/db';
import { getBasketCount } from '@easel/data/queries/basket';
import { getSessionUserId, SESSION_MAX_AGE_MS, sessionHash } from '@easel/data/queries/sessions';
import { setCookies } from './cookies';
import { SESSION_COOKIE } from './session-cookie';

export { SESSION_COOKIE };

/**
 * The signed-in user behind a session cookie, or null. Without a cookie the database is never
 * touched, so visitors' pages do not wait for it.
 */
export async function getSignedInUserId(sessionId: string | undefined, getDb: () => Promise<Db>): Promise<number | null> {
  if (!sessionId) return null;
  return getSessionUserId(await getDb(), sessionHash(sessionId), new Date().toISOString());
}

/**
 * Whether the site's pages show anything of the session a Cookie header names, read as the pages
 * read it: a signed-in account (its name, its settings) or a basket with something in it (the
 * header's count). A session of neither, or a header naming none, gets the pages a visitor
 * without a session gets.
 */
export async function pagesShowSession(cookieHeader: string, getDb: () => Promise<Db>): Promise<boolean> {
  const sessionId = requestCookie({ headers: new Headers({ cookie: cookieHeader }) }, SESSION_COOKIE);
  if (!sessionId) return false;
  if ((await getSignedInUserId(sessionId, getDb)) !== null) return true;
  return (await getBasketCount(await getDb(), { sessionHash: sessionHash(sessionId) })) > 0;
}

/** A request's cookie `name`, as the browser sent it (Next.js's parsing, as the pages read it). */
export function requestCookie(request: Pick<Request, 'headers'>, name: string): string | undefined {
  return new RequestCookies(request.headers).get(name)?.value;
}

export { sessionHash };

/** A fresh, unguessable session cookie value: 32 random bytes, base64url. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Sets the session cookie: HttpOnly and SameSite=Lax (setCookies), Secure over HTTPS so local
 * http development still works. It lasts as long as a session may; the server ends idle ones sooner.
 */
export function setSessionCookie(response: Response, request: Request, sessionId: string, maxAgeS = SESSION_MAX_AGE_MS / 1000): void {
  setCookies(response, { [SESSION_COOKIE]: sessionId }, { path: '/', maxAge: maxAgeS, secure: isHttps(request) });
}

/** Removes the session cookie from the browser. */
export function clearSessionCookie(response: Response, request: Request): void {
  setSessionCookie(response, request, '', 0);
}

/**
 * Whose recently viewed list and recommendations a request reads: the user id when signed in,
 * else the session cookie's hash; null for a visitor without a session.
 */
export async function getViewer(sessionId: string | undefined, getDb: () => Promise<Db>): Promise<string | null> {
  if (!sessionId) return null;
  const userId = await getSignedInUserId(sessionId, getDb);
  return userId === null ? sessionHash(sessionId) : String(userId);
}

/** As long as the settings cookies, so a returning visitor finds their basket and their views. */
const VISITOR_SESSION_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The request's `sessionid`, or a fresh random one for a visitor who has none yet. A fresh one
 * is only kept once `keepVisitorSession` writes it on the response.
 */
export function visitorSessionOf(request: Request): { sessionId: string; fresh: boolean } {
  const existing = requestCookie(request, SESSION_COOKIE);
  return existing ? { sessionId: existing, fresh: false } : { sessionId: newSessionId(), fresh: true };
}

/** Sets the cookie for a session `visitorSessionOf` made up; an existing one is left as it is. */
export function keepVisitorSession<R extends Response>(response: R, request: Request, session: { sessionId: string; fresh: boolean }): R {
  if (session.fresh) setSessionCookie(response, request, session.sessionId, VISITOR_SESSION_MAX_AGE_S);
  return response;
}

/** Cookies are marked Secure when the request came over HTTPS, so local http development still works. */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}
