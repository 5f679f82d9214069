import { createHash } from 'node:crypto';
import type { Db } from '@easel/data/db';
import { getSessionUserId } from '@easel/data/queries/sessions';

/** The session cookie (SPEC §3); accounts and sign-in create it. */
export const SESSION_COOKIE = 'sessionid';

/**
 * The signed-in user behind a session cookie, or null. Without a cookie the database is never
 * touched, so visitors' pages do not wait for it.
 */
export async function getSignedInUserId(sessionId: string | undefined, getDb: () => Promise<Db>): Promise<number | null> {
  if (!sessionId) return null;
  return getSessionUserId(await getDb(), sessionHash(sessionId), new Date().toISOString());
}

/** What the database keeps of a session cookie: its SHA-256, so a leaked table does not leak sessions. */
export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
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
