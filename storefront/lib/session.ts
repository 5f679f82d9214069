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
