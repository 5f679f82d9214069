import type { Db } from '../db';

/**
 * The user a session belongs to: its SHA-256 hash (the table never holds the cookie itself) ->
 * the user id, or null for a visitor's session, an expired one or none at all.
 */
export async function getSessionUserId(db: Db, idHash: string, now: string): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
