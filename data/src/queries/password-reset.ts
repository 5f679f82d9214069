import { inTransaction, type Db } from '../db';
import { getAccountUser, type AccountUser, type NewSession } from './accounts';
import { queueMail, type Mail } from './outbox';
import { startSession } from './sessions';

/**
 * "Forgot password?" (docs/SECURITY.md, "Forgotten passwords"). A link is mailed to an address an
 * account holds; following it within the hour sets a new password once, ends every other session
 * of the account and signs the follower in.
 */

/** How long a mailed link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * The mail an address gets when someone asks to reset its password: the link when an account
 * holds it, otherwise word that no account does. Only the address's owner learns which.
 */
export type ResetMailFor = (held: boolean) => Mail;

/**
 * Mails `email` (lower-case) the reset link whose token hashes to `tokenHash` when an account
 * holds that address, or the word that none does; one transaction, and the same statements but
 * one either way, so neither the answer nor its timing tells whether the account exists.
 * An address an account has given but not confirmed is held by nobody: its link would hand the
 * account to whoever owns the address, so it gets the "no account" mail.
 */
export async function requestPasswordReset(db: Db, email: string, tokenHash: string, mail: ResetMailFor, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
    const holder = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (holder) {
      const expiresAt = new Date(Date.parse(now) + PASSWORD_RESET_TTL_MS).toISOString();
      await trx.insertInto('password_resets').values({ token_hash: tokenHash, user_id: holder.id, created_at: now, expires_at: expiresAt }).execute();
    }
    await queueMail(trx, email, mail(holder !== undefined), now);
  });
}

/** Whether a link with this token hash works at `now`: mailed, unused and within its hour. */
export async function isLivePasswordReset(db: Db, tokenHash: string, now: string): Promise<boolean> {
  return (await liveReset(db, tokenHash, now)) !== undefined;
}

const liveReset = (db: Db, tokenHash: string, now: string) =>
  db.selectFrom('password_resets').select('user_id').where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();

/**
 * Follows a mailed link: the account gets `passwordHash`, every link mailed to it stops working,
 * every session it has ends, and the follower is signed in under `session` (replacing theirs, as a
 * log-in does). Undefined for a link that is unknown, used or past its hour; nothing changes then.
 */
export async function resetPassword(db: Db, tokenHash: string, passwordHash: string, session: NewSession): Promise<AccountUser | undefined> {
  return inTransaction(db, async (trx) => {
    const reset = await liveReset(trx, tokenHash, session.now);
    if (!reset) return undefined;
    await trx.deleteFrom('password_resets').where('user_id', '=', reset.user_id).execute();
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', reset.user_id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', reset.user_id).execute();
    await startSession(trx, { ...session, userId: reset.user_id });
    return getAccountUser(trx, reset.user_id);
  });
}
