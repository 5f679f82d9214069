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
  const idHash = createHash('sha256').update(sessionId).digest('hex');
  return getSessionUserId(await getDb(), idHash, new Date().toISOString());
}
