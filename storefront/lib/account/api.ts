import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Db } from '@easel/data/db';
import { claimGuestAccount, confirmEmail, createAccount, findCredentials, getAccountUser, signIn, startGuestCheckout, updateProfile, type AccountUser, type NewSession } from '@easel/data/queries/accounts';
import { confirmNewsletter, subscribeToNewsletter } from '@easel/data/queries/newsletter';
import { endSession, readSession } from '@easel/data/queries/sessions';
import { decoyPasswordHash, hashPassword, verifyPassword } from '@easel/shared/password';
import { sessionCookie, unavailable } from '../api/context';
import { ApiError, type ApiEnv } from '../api/errors';
import { json, jsonObject } from '../api/validate';
import { requestAddress, type LoginLimits } from '../rate-limits';
import { clearSessionCookie, newSessionId, requestCookie, sessionHash, setSessionCookie } from '../session';
import { readVisitorChoice } from '../settings/visitor-cookies';
import { accountAnswer, claimSchema, confirmSchema, type ConfirmAnswer, guestSchema, joinSchema, loginSchema, newsletterConfirmSchema, newsletterSchema, profileSchema } from './account';
import { accountMail, newLink, newsletterMail, newUnconfirmed, sendMail } from './mail';

/**
 * The account endpoints (SPEC §1, §6): joining, logging in and out, the signed-in user and
 * their profile, and the newsletter. Every answer is private; a signed-in session lives in the
 * `sessionid` cookie, replaced by a fresh one at every log-in so that a cookie planted before
 * signing in is worth nothing after.
 */

type Dependencies = { getDb: () => Promise<Db>; loginLimits: () => LoginLimits };

/** Names, emails and passwords are short; anything longer is not an account form. */
const MAX_BODY_BYTES = 4096;
const PRIVATE = { 'Cache-Control': 'no-store' };
const WRONG_CREDENTIALS = 'The email or password is not right.';

export const accounts = unavailable('Accounts are unavailable just now; please try again shortly.');
export const form = (example: string) => jsonObject(MAX_BODY_BYTES, example);

const answer = (c: Context, user: AccountUser | null, status: 200 | 201 = 200) => c.json(accountAnswer(user), status, PRIVATE);
const now = () => new Date().toISOString();

/** The new session's cookie and what it replaces: the hash of the cookie the request came with. */
export function rotation(c: Context) {
  const previous = sessionCookie(c);
  const sessionId = newSessionId();
  return { sessionId, session: { idHash: sessionHash(sessionId), replacing: previous ? sessionHash(previous) : null, now: now() } };
}

/** Signs the requester in as `user` under the new session `sessionId`, with `status`. */
export function signedIn(c: Context, user: AccountUser | null, sessionId: string, status: 200 | 201 = 200) {
  const response = answer(c, user, status);
  setSessionCookie(response, c.req.raw, sessionId);
  return response;
}

/**
 * Signs the requester in as the account `create` makes, under a new session that replaces
 * theirs (a visitor's basket and settings come along): 201 `{ user }` with its cookie.
 */
async function startAs(c: Context, create: (session: NewSession, settings: ReturnType<typeof readVisitorChoice>) => Promise<AccountUser>) {
  const { sessionId, session } = rotation(c);
  // A visitor's settings come along, so signing in changes nothing on the page they are on.
  const user = await create(session, readVisitorChoice((name) => requestCookie(c.req.raw, name)));
  return signedIn(c, user, sessionId, 201);
}

export const accountRoutes = ({ getDb, loginLimits }: Dependencies) => {
  /** The signed-in user, or null with the refusal that says why there is none. */
  async function readUser(c: Context): Promise<{ user: AccountUser; refusal?: never } | { user: null; refusal: ApiError }> {
    const cookie = sessionCookie(c);
    const session = cookie ? await readSession(await getDb(), sessionHash(cookie), now()) : { state: 'none' as const };
    const user = session.state === 'active' ? await getAccountUser(await getDb(), session.userId) : undefined;
    if (user) return { user };
    if (session.state === 'expired') return { user: null, refusal: new ApiError(401, 'session_expired', 'Your session has expired. Please log in again.') };
    return { user: null, refusal: new ApiError(401, 'not_signed_in', 'Please log in first.') };
  }

  /** The signed-in user; otherwise the 401, an ended session's cookie cleared with it. */
  async function signedInUser(c: Context): Promise<AccountUser> {
    const { user, refusal } = await readUser(c);
    if (user) return user;
    if (refusal.code === 'session_expired') clearSessionCookie(c.res, c.req.raw);
    throw refusal;
  }

  return new Hono<ApiEnv>()
    /** `{ user, user_type }`: the signed-in user, or null and 'anonymous'. */
    .get('/api/account/', accounts, async (c) => answer(c, (await readUser(c)).user))

    /** Tell us about yourself: `{ name?, about? }` -> the updated `{ user }`. */
    .patch('/api/account/', accounts, form('{ "name": "…", "about": "…" }'), json(profileSchema), async (c) => {
      const user = await signedInUser(c);
      return answer(c, (await updateProfile(await getDb(), user.id, c.req.valid('json'))) ?? null);
    })

    /**
     * `{ name, email, password }` -> 201 `{ user }`, signed in, the email unconfirmed and mailed
     * (docs/SECURITY.md, "Joining"). The answer is the same whether or not an account holds the email.
     */
    .post('/api/account/join/', accounts, form('{ "name": "…", "email": "…", "password": "…" }'), json(joinSchema), async (c) => {
      const { name, email, password } = c.req.valid('json');
      const passwordHash = await hashPassword(password);
      const { token, ...unconfirmed } = newUnconfirmed();
      const db = await getDb();
      const response = await startAs(c, async (session, settings) =>
        createAccount(db, { name, email, passwordHash, settings, ...unconfirmed }, accountMail(token), session));
      await sendMail(db);
      return response;
    })

    /**
     * Checkout without an account: `{ email }` -> 201 `{ user }`, a guest signed in under a new
     * session with the visitor's basket, whoever holds the email.
     */
    .post('/api/account/guest/', accounts, form('{ "email": "…" }'), json(guestSchema), async (c) => {
      const { email } = c.req.valid('json');
      const placeholder = `guest-${randomUUID()}@guest.invalid`;
      return startAs(c, async (session, settings) => startGuestCheckout(await getDb(), { email, placeholder, settings }, session));
    })

    /**
     * A guest keeps their account: `{ password }` -> `{ user }`, now with a password; its email is
     * mailed as a new account's is, and logs in once the link confirms it (with the password
     * chosen then).
     */
    .post('/api/account/claim/', accounts, form('{ "password": "…" }'), json(claimSchema), async (c) => {
      const user = await signedInUser(c);
      const { token, confirmTokenHash } = newUnconfirmed();
      const db = await getDb();
      const claimed = user.guest ? await claimGuestAccount(db, user.id, { passwordHash: await hashPassword(c.req.valid('json').password), confirmTokenHash }, accountMail(token), now()) : undefined;
      if (!claimed) throw new ApiError(409, 'conflict', 'This account already has a password.');
      await sendMail(db);
      return answer(c, claimed);
    })

    /**
     * The mailed link followed: `{ token, password }` -> `{ email }`: the account holds its email
     * and logs in with this password from now on; every session it had is ended and no one is
     * signed in (docs/SECURITY.md, "Joining"). 404 for a link unknown, used or older than 24
     * hours; 409 when another account confirmed the address first.
     */
    .post('/api/account/confirm/', accounts, form('{ "token": "…", "password": "…" }'), json(confirmSchema), async (c) => {
      const { token, password } = c.req.valid('json');
      const confirmed = await confirmEmail(await getDb(), sessionHash(token), () => hashPassword(password), now());
      if (confirmed === undefined) throw new ApiError(404, 'not_found', 'This link is not one we sent, or it has been used or is more than a day old. Log in, or join again for a fresh link.', 'token');
      if (confirmed === 'held') throw new ApiError(409, 'conflict', 'Another account holds this email now. Log in to it instead.', 'token');
      return c.json(confirmed satisfies ConfirmAnswer, 200, PRIVATE);
    })

    /**
     * `{ email, password }` -> `{ user }` under a new session; 401 `invalid_credentials` for an
     * unknown email or a wrong password alike; 429 once too many have failed (lib/rate-limits.ts
     * LoginLimits), before the password is checked.
     */
    .post('/api/account/login/', accounts, form('{ "email": "…", "password": "…" }'), json(loginSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      const address = requestAddress(c.req.raw);
      const wait = await loginLimits().check(email, address);
      if (wait) {
        c.header('Retry-After', String(wait.retryAfterS));
        throw new ApiError(429, 'rate_limited', wait.message);
      }
      const credentials = await findCredentials(await getDb(), email);
      const matches = await verifyPassword(password, credentials?.password_hash ?? (await decoyPasswordHash()));
      if (!credentials || !matches) {
        await loginLimits().failed(email, address);
        throw new ApiError(401, 'invalid_credentials', WRONG_CREDENTIALS);
      }
      const { sessionId, session } = rotation(c);
      return signedIn(c, (await signIn(await getDb(), credentials.id, session)) ?? null, sessionId);
    })

    /** Ends the session (and its checkout holds) and removes its cookie; answers the signed-out `{ user: null }` whoever asks. */
    .post('/api/account/logout/', accounts, async (c) => {
      const cookie = sessionCookie(c);
      if (cookie) await endSession(await getDb(), sessionHash(cookie), now());
      const response = answer(c, null);
      clearSessionCookie(response, c.req.raw);
      return response;
    })

    /**
     * POST /api/marketing/subscribe/newsletter/: `{ email }` -> 200 `{ email }`, the address mailed
     * a link that starts the newsletter (at most once a day); the same answer whatever the
     * address's state, so it tells no one who subscribes.
     */
    .post('/api/marketing/subscribe/newsletter/', accounts, form('{ "email": "…" }'), json(newsletterSchema), async (c) => {
      const { email } = c.req.valid('json');
      const { token, tokenHash } = newLink();
      const db = await getDb();
      await subscribeToNewsletter(db, email, { tokenHash, mail: newsletterMail(token) }, now());
      await sendMail(db);
      return c.json({ email }, 200, PRIVATE);
    })

    /** The newsletter's mailed link followed: `{ token }` -> `{ email }`, now getting it; 404 for a link unknown, used or older than a day. */
    .post('/api/marketing/newsletter/confirm/', accounts, form('{ "token": "…" }'), json(newsletterConfirmSchema), async (c) => {
      const email = await confirmNewsletter(await getDb(), sessionHash(c.req.valid('json').token), now());
      if (email === undefined) throw new ApiError(404, 'not_found', 'This link is not one we sent, or it has been used or is more than a day old. Subscribe again for a fresh one.', 'token');
      return c.json({ email }, 200, PRIVATE);
    });
};
