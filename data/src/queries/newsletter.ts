import { inTransaction, type Db } from '../db';
import { queueMail, type Mail } from './outbox';

/** A newsletter link works for a day, and an unconfirmed address is mailed at most once a day. */
export const NEWSLETTER_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Asks an address (lower-cased by the caller) to confirm it wants the newsletter: it is written
 * down unconfirmed and mailed `link`, in one transaction. An address already confirmed, or mailed
 * in the last day, is left as it is and mailed nothing, so no one can fill an inbox by
 * subscribing it again and again. The caller answers the same whatever happened.
 */
export async function subscribeToNewsletter(db: Db, email: string, link: { tokenHash: string; mail: Mail }, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('newsletter_subscriptions').select(['confirmed_at', 'mailed_at']).where('email', '=', email).executeTakeFirst();
    if (row?.confirmed_at) return;
    if (row?.mailed_at && Date.parse(now) - Date.parse(row.mailed_at) < NEWSLETTER_LINK_LIFETIME_MS) return;
    const pending = {
      confirm_token_hash: link.tokenHash, confirm_token_expires_at: new Date(Date.parse(now) + NEWSLETTER_LINK_LIFETIME_MS).toISOString(), mailed_at: now,
    };
    if (row) await trx.updateTable('newsletter_subscriptions').set(pending).where('email', '=', email).execute();
    else await trx.insertInto('newsletter_subscriptions').values({ email, created_at: now, confirmed_at: null, ...pending }).execute();
    await queueMail(trx, email, link.mail, now);
  });
}

/** The owner follows the mailed link: the address gets the newsletter. Its email, or undefined for a link unknown, used or expired. */
export async function confirmNewsletter(db: Db, tokenHash: string, now: string): Promise<string | undefined> {
  const row = await db
    .updateTable('newsletter_subscriptions')
    .set({ confirmed_at: now, confirm_token_hash: null, confirm_token_expires_at: null })
    .where('confirm_token_hash', '=', tokenHash)
    .where('confirm_token_expires_at', '>', now)
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}
