import { inTransaction, type Db } from '../db';

/**
 * Mail is written to the outbox in the same transaction as the change it tells of, and sent
 * after: a crash between the two leaves it waiting, never lost and never sent for a change that
 * did not happen.
 */

/** A message to one address. */
export interface Mail {
  subject: string;
  body: string;
}

/** Puts a message in the outbox, inside the caller's transaction when it has one. */
export async function queueMail(db: Db, to: string, mail: Mail, now: string): Promise<void> {
  await db.insertInto('outbox').values({ to_email: to, subject: mail.subject, body: mail.body, created_at: now }).execute();
}

/** The messages waiting, oldest first, marked taken by the sender: each is taken once. */
export async function takeUnsentMail(db: Db, now: string): Promise<(Mail & { to: string })[]> {
  return inTransaction(db, async (trx) => {
    const waiting = await trx.selectFrom('outbox').select(['id', 'to_email as to', 'subject', 'body']).where('sent_at', 'is', null).orderBy('id').execute();
    if (waiting.length > 0) await trx.updateTable('outbox').set({ sent_at: now }).where('id', 'in', waiting.map((m) => m.id)).execute();
    return waiting.map(({ id: _id, ...mail }) => mail);
  });
}

/** Every message to an address, oldest first. */
export async function getMailTo(db: Db, to: string): Promise<Mail[]> {
  return db.selectFrom('outbox').select(['subject', 'body']).where('to_email', '=', to).orderBy('id').execute();
}
