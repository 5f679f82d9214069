import { randomBytes, randomUUID } from 'node:crypto';
import type { MailFor, Unconfirmed } from '@easel/data/queries/accounts';
import type { Db } from '@easel/data/db';
import { takeUnsentMail, type Mail } from '@easel/data/queries/outbox';
import { getConfig } from '../config';
import { sessionHash } from '../session';

/**
 * The mail an account's email gets (docs/SECURITY.md, "Joining"). Mail waits in the database's
 * outbox; this server sends it by printing each message to its output, which is how the demo
 * delivers the links (a mail provider's client would go in sendMail).
 */

/** A fresh link's token (256 random bits, for the mail) and its hash (for the database). */
export function newLink(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sessionHash(token) };
}

/** A fresh confirmation link's token and what the account keeps of it: its own placeholder email and the token's hash. */
export function newUnconfirmed(): Unconfirmed & { token: string } {
  const { token, tokenHash } = newLink();
  return { token, confirmTokenHash: tokenHash, placeholder: `unconfirmed-${randomUUID()}@unconfirmed.invalid` };
}

/** The link to confirm, or the word to an address's owner that someone tried to take it. */
export function accountMail(token: string): MailFor {
  const site = getConfig().SITE_URL;
  return (held) => held
    ? {
      subject: 'Someone tried to join Easel with your email',
      body: `Someone, perhaps you, tried to make a new Easel account with this address, which already has one. If it was you, log in at ${site}/ instead. If not, there is nothing to do: the new account cannot use this address.`,
    }
    : {
      subject: 'Confirm your email for Easel',
      body: `Follow this link within 24 hours to confirm your email and choose the password you will log in with:\n${site}/account/confirm/?token=${token}\n\nIf you did not join Easel, ignore this message.`,
    };
}

/** The link that starts the newsletter for an address (docs/SECURITY.md, "The newsletter"). */
export function newsletterMail(token: string): Mail {
  return {
    subject: 'Confirm the Easel newsletter',
    body: `Follow this link within 24 hours to get the Easel newsletter at this address:\n${getConfig().SITE_URL}/newsletter/confirm/?token=${token}\n\nIf you did not ask for it, ignore this message: nothing will be sent.`,
  };
}

/** Sends what the outbox holds: here, to this server's output. */
export async function sendMail(db: Db): Promise<void> {
  for (const mail of await takeUnsentMail(db, new Date().toISOString())) console.info(`mail to ${mail.to}: ${mail.subject}\n${mail.body}`);
}
