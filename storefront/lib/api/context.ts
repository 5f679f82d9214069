import type { Db } from '@easel/data/db';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { getSignedInUserId, requestCookie, SESSION_COOKIE } from '../session';
import type { ApiEnv } from './errors';

/** The request's `sessionid` cookie, if it has one. */
export const sessionCookie = (c: Context) => requestCookie(c.req.raw, SESSION_COOKIE);

/** The signed-in user behind the request's session cookie, or null. */
export const signedInUserId = (c: Context, getDb: () => Promise<Db>) => getSignedInUserId(sessionCookie(c), getDb);

/** What a failure below these routes says is unavailable: `unavailable('Accounts are unavailable…')`. */
export const unavailable = (message: string) =>
  createMiddleware<ApiEnv>(async (c, next) => {
    c.set('unavailable', message);
    await next();
  });
