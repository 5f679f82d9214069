import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import type { Db } from '@easel/data/db';
import { claimGuestAccount, confirmEmail, createAccount, findCredentials, getAccountUser, signIn, startGuestCheckout, updateProfile, type AccountUser, type NewSession } from '@easel/data/queries/accounts';
import { subscribeToNewsletter } from '@easel/data/queries/newsletter';
import { endSession, readSession } from '@easel/data/queries/sessions';
import { decoyPasswordHash, hashPassword, verifyPassword } from '@easel/data/password';
import { apiError } from '../api-error';
import { answering as answeringFor, type Handler } from '../catalogue/api';
import { readJsonBody } from '../read-body';
import { clearSessionCookie, newSessionId, SESSION_COOKIE, sessionHash, setSessionCookie } from '../session';
import { readVisitorChoice } from '../settings/visitor-cookies';
import { accountAnswer, claimSchema, confirmSchema, guestSchema, joinSchema, loginSchema, newsletterSchema, profileSchema } from './account';
import { accountMail, newUnconfirmed, sendMail } from './mail';

/**
 * The account endpoints (SPEC §1, §6): joining, logging in and out, the signed-in user and
 * their profile, and the newsletter. Every answer is private; a signed-in session lives in the
 * `sessionid` cookie, replaced by a fresh one at every log-in so that a cookie planted before
 * signing in is worth nothing after.
 */

type Dependencies = { getDb: () => Promise<Db> };

/** Names, emails and passwords are short; anything longer is not an account form. */
const MAX_BODY_BYTES = 4096;
const PRIVATE = { 'Cache-Control': 'no-store' };
const WRONG_CREDENTIALS = 'The email or password is not right.';

const answering = (name: string, handler: Handler) => answeringFor(name, handler, 'Accounts are unavailable just now; please try again shortly.');

const answer = (user: AccountUser | null, status = 200) => NextResponse.json(accountAnswer(user), { status, headers: PRIVATE });
const now = () => new Date().toISOString();

/** The new session's cookie and what it replaces: the hash of the cookie the request came with. */
function rotation(request: NextRequest) {
  const previous = request.cookies.get(SESSION_COOKIE)?.value;
  const sessionId = newSessionId();
  return { sessionId, session: { idHash: sessionHash(sessionId), replacing: previous ? sessionHash(previous) : null, now: now() } };
}

/** Signs the requester in as `user` under the new session `sessionId`, with `status`. */
function signedIn(request: NextRequest, user: AccountUser | null, sessionId: string, status = 200): Response {
  const response = answer(user, status);
  setSessionCookie(response, request, sessionId);
  return response;
}

/**
 * Signs the requester in as the account `create` makes, under a new session that replaces
 * theirs (a visitor's basket and settings come along): 201 `{ user }` with its cookie.
 */
async function startAs(
  request: NextRequest,
  create: (session: NewSession, settings: ReturnType<typeof readVisitorChoice>) => Promise<AccountUser>,
): Promise<Response> {
  const { sessionId, session } = rotation(request);
  // A visitor's settings come along, so signing in changes nothing on the page they are on.
  const user = await create(session, readVisitorChoice((name) => request.cookies.get(name)?.value));
  return signedIn(request, user, sessionId, 201);
}

export function createAccountHandlers({ getDb }: Dependencies): {
  GET: Handler; PATCH: Handler; join: Handler; login: Handler; logout: Handler; guest: Handler; claim: Handler; confirm: Handler;
} {
  /** The signed-in user, or the 401 that says why there is none (an ended session clears its cookie). */
  async function signedInUser(request: NextRequest): Promise<AccountUser | Response> {
    const cookie = request.cookies.get(SESSION_COOKIE)?.value;
    const session = cookie ? await readSession(await getDb(), sessionHash(cookie), now()) : { state: 'none' as const };
    const user = session.state === 'active' ? await getAccountUser(await getDb(), session.userId) : undefined;
    if (user) return user;
    if (session.state === 'expired') {
      const refusal = apiError(401, 'session_expired', 'Your session has expired. Please log in again.');
      const response = new NextResponse(refusal.body, { status: refusal.status, headers: refusal.headers });
      clearSessionCookie(response, request);
      return response;
    }
    return apiError(401, 'not_signed_in', 'Please log in first.');
  }

  return {
    /** `{ user, user_type }`: the signed-in user, or null and 'anonymous'. */
    GET: answering('account', async (request) => {
      const user = await signedInUser(request);
      return answer(user instanceof Response ? null : user);
    }),

    /** Tell us about yourself: `{ name?, about? }` -> the updated `{ user }`. */
    PATCH: answering('account', async (request) => {
      const profile = await readJsonBody(request, profileSchema, MAX_BODY_BYTES, '{ "name": "…", "about": "…" }');
      if (profile instanceof Response) return profile;
      const user = await signedInUser(request);
      if (user instanceof Response) return user;
      return answer((await updateProfile(await getDb(), user.id, profile)) ?? null);
    }),

    /**
     * `{ name, email, password }` -> 201 `{ user }`, signed in, the email unconfirmed and mailed
     * (docs/SECURITY.md, "Joining"). The answer is the same whether or not an account holds the email.
     */
    join: answering('join', async (request) => {
      const form = await readJsonBody(request, joinSchema, MAX_BODY_BYTES, '{ "name": "…", "email": "…", "password": "…" }');
      if (form instanceof Response) return form;
      const passwordHash = await hashPassword(form.password);
      const { token, ...unconfirmed } = newUnconfirmed();
      const db = await getDb();
      const response = await startAs(request, async (session, settings) =>
        createAccount(db, { name: form.name, email: form.email, passwordHash, settings, ...unconfirmed }, accountMail(token), session));
      await sendMail(db);
      return response;
    }),

    /**
     * Checkout without an account: `{ email }` -> 201 `{ user }`, a guest signed in under a new
     * session with the visitor's basket, whoever holds the email.
     */
    guest: answering('guest', async (request) => {
      const form = await readJsonBody(request, guestSchema, MAX_BODY_BYTES, '{ "email": "…" }');
      if (form instanceof Response) return form;
      const placeholder = `guest-${randomUUID()}@guest.invalid`;
      return startAs(request, async (session, settings) => startGuestCheckout(await getDb(), { email: form.email, placeholder, settings }, session));
    }),

    /**
     * A guest keeps their account: `{ password }` -> `{ user }`, now with a password; its email is
     * mailed as a new account's is, and logs in once the link confirms it.
     */
    claim: answering('claim', async (request) => {
      const form = await readJsonBody(request, claimSchema, MAX_BODY_BYTES, '{ "password": "…" }');
      if (form instanceof Response) return form;
      const user = await signedInUser(request);
      if (user instanceof Response) return user;
      const { token, confirmTokenHash } = newUnconfirmed();
      const db = await getDb();
      const claimed = user.guest ? await claimGuestAccount(db, user.id, { passwordHash: await hashPassword(form.password), confirmTokenHash }, accountMail(token), now()) : undefined;
      if (!claimed) return apiError(409, 'conflict', 'This account already has a password.');
      await sendMail(db);
      return answer(claimed);
    }),

    /**
     * The mailed link followed: `{ token }` -> `{ user }`, the account now holding its email and
     * signed in under a new session; 404 for a link unknown or used, 409 when another account
     * confirmed the address first.
     */
    confirm: answering('confirm', async (request) => {
      const form = await readJsonBody(request, confirmSchema, MAX_BODY_BYTES, '{ "token": "…" }');
      if (form instanceof Response) return form;
      const db = await getDb();
      const confirmed = await confirmEmail(db, sessionHash(form.token));
      if (confirmed === undefined) return apiError(404, 'not_found', 'This link is not one we sent, or it has been used already.', 'token');
      if (confirmed === 'held') return apiError(409, 'conflict', 'Another account holds this email now. Log in to it instead.', 'token');
      const { sessionId, session } = rotation(request);
      return signedIn(request, (await signIn(db, confirmed.id, session)) ?? null, sessionId);
    }),

    /** `{ email, password }` -> `{ user }` under a new session; 401 `invalid_credentials` for an unknown email or a wrong password alike. */
    login: answering('login', async (request) => {
      const form = await readJsonBody(request, loginSchema, MAX_BODY_BYTES, '{ "email": "…", "password": "…" }');
      if (form instanceof Response) return form;
      const credentials = await findCredentials(await getDb(), form.email);
      const matches = await verifyPassword(form.password, credentials?.password_hash ?? (await decoyPasswordHash()));
      if (!credentials || !matches) return apiError(401, 'invalid_credentials', WRONG_CREDENTIALS);
      const { sessionId, session } = rotation(request);
      return signedIn(request, (await signIn(await getDb(), credentials.id, session)) ?? null, sessionId);
    }),

    /** Ends the session (and its checkout holds) and removes its cookie; answers the signed-out `{ user: null }` whoever asks. */
    logout: answering('logout', async (request) => {
      const cookie = request.cookies.get(SESSION_COOKIE)?.value;
      if (cookie) await endSession(await getDb(), sessionHash(cookie), now());
      const response = answer(null);
      clearSessionCookie(response, request);
      return response;
    }),
  };
}

/** POST /api/marketing/subscribe/newsletter/: `{ email }` -> 200 `{ email }`; subscribing twice is fine. */
export function createNewsletterHandler({ getDb }: Dependencies): Handler {
  return answering('newsletter', async (request) => {
    const form = await readJsonBody(request, newsletterSchema, MAX_BODY_BYTES, '{ "email": "…" }');
    if (form instanceof Response) return form;
    await subscribeToNewsletter(await getDb(), form.email, now());
    return NextResponse.json({ email: form.email }, { headers: PRIVATE });
  });
}
