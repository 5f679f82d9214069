import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { Database } from '../schema';
import { releaseReservations } from './basket';
import { adoptVisitorData } from './visitor-data';

/**
 * Signed-in sessions. The table keeps each cookie's SHA-256 (never the cookie), and a session
 * ends when it has been idle for SESSION_IDLE_MS or lived for SESSION_MAX_AGE_MS, whichever
 * comes first: `expires_at` always holds the earlier of the two, so reading needs one comparison.
 */

export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 60 * 24 * 60 * 60 * 1000;
/** last_seen_at moves at most this often, so a busy shopper does not cost a write per request. */
export const SESSION_TOUCH_MS = 60 * 60 * 1000;

/** A session cookie's standing: signed in as a user, a session that has ended, or none (a visitor's cookie). */
export type SessionState = { state: 'active'; userId: number } | { state: 'expired' } | { state: 'none' };

/** What the table keeps of a session cookie: its SHA-256, so a leaked table does not leak sessions. */
export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const expiryOf = (createdAt: string, lastSeenAt: string) => {
  const idle = plus(lastSeenAt, SESSION_IDLE_MS);
  const absolute = plus(createdAt, SESSION_MAX_AGE_MS);
  return idle < absolute ? idle : absolute;
};

/**
 * What the session with this hash stands for at `now`. An active session seen more than
 * SESSION_TOUCH_MS ago is marked seen now, pushing its idle expiry on (never past its absolute one).
 */
export async function readSession(db: Db, idHash: string, now: string): Promise<SessionState> {
  const row = await db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
  if (!row || row.user_id === null) return { state: 'none' };
  if (row.expires_at <= now) return { state: 'expired' };
  if (Date.parse(now) - Date.parse(row.last_seen_at) >= SESSION_TOUCH_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiryOf(row.created_at, now) }).where('id_hash', '=', idHash).execute();
  }
  return { state: 'active', userId: row.user_id };
}

/** The user a session belongs to, or null for a visitor's cookie, an ended session or none at all. */
export async function getSessionUserId(db: Db, idHash: string, now: string): Promise<number | null> {
  const session = await readSession(db, idHash, now);
  return session.state === 'active' ? session.userId : null;
}

/**
 * Signs a user in under a new session (`idHash`, the hash of a fresh cookie), inside the
 * caller's transaction. The cookie it replaces, if any, stops working, and what its holder did
 * as a visitor (see visitor-data.ts) joins the account.
 */
export async function startSession(trx: Transaction<Database>, input: { idHash: string; userId: number; replacing: string | null; now: string }): Promise<void> {
  if (input.replacing !== null) {
    await trx.deleteFrom('sessions').where('id_hash', '=', input.replacing).execute();
    await adoptVisitorData(trx, input.replacing, input.userId);
  }
  await trx
    .insertInto('sessions')
    .values({ id_hash: input.idHash, user_id: input.userId, created_at: input.now, last_seen_at: input.now, expires_at: expiryOf(input.now, input.now) })
    .execute();
}

/** Ends a session: its cookie no longer signs anyone in, and its shopper's checkout holds end with it. */
export async function endSession(db: Db, idHash: string, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const ended = await trx.deleteFrom('sessions').where('id_hash', '=', idHash).returning('user_id').executeTakeFirst();
    if (ended?.user_id) await releaseReservations(trx, ended.user_id, now);
  });
}
