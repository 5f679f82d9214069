import type { Db } from '../db';

/** Subscribes an email (lower-cased by the caller) to the newsletter; subscribing twice changes nothing. */
export async function subscribeToNewsletter(db: Db, email: string, now: string): Promise<void> {
  await db.insertInto('newsletter_subscriptions').values({ email, created_at: now }).onConflict((oc) => oc.column('email').doNothing()).execute();
}
