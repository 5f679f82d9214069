import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { isLivePasswordReset, requestPasswordReset, resetPassword, type ResetMailFor } from '@easel/data/queries/password-reset';
import { hashPassword } from '@easel/shared/password';
import { getConfig } from '../config';
import { ApiError, type ApiEnv } from '../api/errors';
import { json } from '../api/validate';
import { sessionHash } from '../session';
import { confirmSchema, emailSchema, newPasswordSchema } from './account';
import { accounts, form, rotation, signedIn } from './api';
import { sendMail } from './mail';

/**
 * "Forgot password?" (docs/SECURITY.md, "Forgotten passwords"): asking for a link by email, and
 * following it to set a new password. Asking answers alike whether or not an account holds the
 * address; the link works once, for an hour, and ends every other session of its account.
 */

type Dependencies = { getDb: () => Promise<Db> };

const PRIVATE = { 'Cache-Control': 'no-store' };

const forgotSchema = z.strictObject({ email: emailSchema });
const resetSchema = z.strictObject({
  // Made as a confirmation link's token is: 43 URL-safe characters.
  token: confirmSchema.shape.token,
  password: newPasswordSchema,
});

const DEAD_LINK = 'This link is not one we sent, has been used already, or is more than an hour old. Ask for a new one from "Forgot password?".';

/** The link to set a new password, or the word that no account uses the address. */
export function passwordResetMail(token: string): ResetMailFor {
  const site = getConfig().SITE_URL;
  return (held) => held
    ? {
      subject: 'Set a new password for Easel',
      body: `Someone, perhaps you, asked to set a new password for your Easel account. Follow this link within an hour to choose one:\n${site}/account/reset-password/?token=${token}\n\nThe link works once. If you did not ask, ignore this message: your password stays as it is.`,
    }
    : {
      subject: 'Setting a password for Easel',
      body: `Someone, perhaps you, asked to set a new password for an Easel account with this address, but no account uses it. If it was you, perhaps you joined with another address, or join at ${site}/ with this one. If not, there is nothing to do.`,
    };
}

export const passwordRoutes = ({ getDb }: Dependencies) =>
  new Hono<ApiEnv>()
    /**
     * `{ email }` -> 202 `{ email }` whoever holds the address: a link to set a new password goes
     * to it when an account does (docs/SECURITY.md, "Forgotten passwords").
     */
    .post('/api/account/password/forgot/', accounts, form('{ "email": "…" }'), json(forgotSchema), async (c) => {
      const { email } = c.req.valid('json');
      const token = randomBytes(32).toString('base64url');
      const db = await getDb();
      await requestPasswordReset(db, email, sessionHash(token), passwordResetMail(token), new Date().toISOString());
      await sendMail(db);
      return c.json({ email }, 202, PRIVATE);
    })

    /**
     * The mailed link followed: `{ token, password }` -> `{ user, user_type }`, the new password
     * set, every other session of the account ended, and the follower signed in under a new one;
     * 404 naming token for a link unknown, used or out of time.
     */
    .post('/api/account/password/reset/', accounts, form('{ "token": "…", "password": "…" }'), json(resetSchema), async (c) => {
      const { token, password } = c.req.valid('json');
      const db = await getDb();
      const tokenHash = sessionHash(token);
      // Checked before the costly hash, so links made up cost the server little.
      if (!(await isLivePasswordReset(db, tokenHash, new Date().toISOString()))) throw new ApiError(404, 'not_found', DEAD_LINK, 'token');
      const passwordHash = await hashPassword(password);
      const { sessionId, session } = rotation(c);
      const user = await resetPassword(db, tokenHash, passwordHash, session);
      if (!user) throw new ApiError(404, 'not_found', DEAD_LINK, 'token');
      return signedIn(c, user, sessionId);
    });
