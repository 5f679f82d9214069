import { z } from 'zod';
import type { AccountUser } from '@easel/data/queries/accounts';
import { ABOUT_MAX_LENGTH } from './limits';
import { userTypeOf, type UserType } from './user-type';

/**
 * What the account endpoints take and answer, shared by the server (validation) and the
 * browser (the shape it reads back).
 */

/** Lower-cased, so Ada@Example.com and ada@example.com are one account. */
export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .max(254, 'is too long')
  .pipe(z.email({ error: 'must be an email address such as ada@example.com' }))
  .transform((email) => email.toLowerCase());

const nameSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(80, 'must be at most 80 characters');

export const newPasswordSchema = z.string({ error: 'is required' }).min(10, 'must be at least 10 characters').max(200, 'must be at most 200 characters');

export const joinSchema = z.strictObject({ name: nameSchema, email: emailSchema, password: newPasswordSchema });

/** A guest checkout: just the email the receipt goes to. */
export const guestSchema = z.strictObject({ email: emailSchema });

/** A guest keeping their account: the password they will log in with. */
export const claimSchema = z.strictObject({ password: newPasswordSchema });

/** A mailed link's token: 43 URL-safe characters. */
const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a link we sent');

/**
 * The link mailed to confirm an email, `{ token }` (43 URL-safe characters), and the password the
 * account logs in with from then on: whoever follows the link chooses it, so a password someone
 * else set before does not survive the confirmation.
 */
export const confirmSchema = z.strictObject({ token: linkTokenSchema, password: newPasswordSchema });

/** What confirming answers: the address now confirmed. No one is signed in by it. */
export interface ConfirmAnswer {
  email: string;
}

/** Any password of the right type is checked against the hash: its length says nothing here. */
export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
});

/** Tell us about yourself: a name and a few words on the art they like (empty clears it). */
export const profileSchema = z
  .strictObject({
    name: nameSchema.optional(),
    about: z.string().trim().max(ABOUT_MAX_LENGTH, `must be at most ${ABOUT_MAX_LENGTH} characters`).transform((text) => text || null).optional(),
  })
  .refine((profile) => profile.name !== undefined || profile.about !== undefined, { error: 'must hold a name or about', path: ['body'] });

export const newsletterSchema = z.strictObject({ email: emailSchema });

/** The link mailed to confirm the newsletter: `{ token }`. */
export const newsletterConfirmSchema = z.strictObject({ token: linkTokenSchema });

/** The signed-in user as the storefront shows them: the AccountUser of the data package. */
export type { AccountUser };

/** GET /api/account/ and every account endpoint's answer. */
export interface AccountAnswer {
  user: AccountUser | null;
  user_type: UserType;
}

export const accountAnswer = (user: AccountUser | null): AccountAnswer => ({ user, user_type: userTypeOf(user?.role) });
