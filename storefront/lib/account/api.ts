import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import type { Db } from '@easel/data/db';
import { claimGuestAccount, createAccount, findCredentials, getAccountUser, signIn, startGuestCheckout, updateProfile, type AccountUser, type NewSession } from '@easel/data/queries/accounts';
import { subscribeToNewsletter } from '@easel/data/queries/newsletter';
import { endSession, readSession } from '@easel/data/queries/sessions';
import { decoyPasswordHash, hashPassword, verifyPassword } from '@easel/data/password';
import { apiError } from '../api-error';
import { answering as answeringFor, type Handler } from '../catalogue/api';
import { readJsonBody } from '../read-body';
import { clearSessionCookie, newSessionId, SESSION_COOKIE, sessionHash, setSessionCookie } from '../session';
import { readVisitorChoice } from '../settings/visitor-cookies';
import { accountAnswer, claimSchema, guestSchema, joinSchema, loginSchema, newsletterSchema, profileSchema } from './account';

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

const EMAIL_TAKEN = 'An account with this email already exists. Log in instead?';

/**
 * Signs the requester in as the account `create` makes, under a new session that replaces
 * theirs (a visitor's basket and settings come along): 201 `{ user }` with its cookie, or 409
 * when the email has an account.
 */
async function startAs(
  request: NextRequest,
  create: (session: NewSession, settings: ReturnType<typeof readVisitorChoice>) => Promise<AccountUser | 'email_taken'>,
): Promise<Response> {
  const { sessionId, session } = rotation(request);
  // A visitor's settings come along, so signing in changes nothing on the page they are on.
  const user = await create(session, readVisitorChoice((name) => request.cookies.get(name)?.value));
  if (user === 'email_taken') return apiError(409, 'email_taken', EMAIL_TAKEN, 'email');
  const response = answer(user, 201);
  setSessionCookie(response, request, sessionId);
  return response;
}

export function createAccountHandlers({ getDb }: Dependencies): {
  GET: Handler; PATCH: Handler; join: Handler; login: Handler; logout: Handler; guest: Handler; claim: Handler;
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

    /** `{ name, email, password }` -> 201 `{ user }`, signed in; 409 `email_taken` when the email has an account. */
    join: answering('join', async (request) => {
      const form = await readJsonBody(request, joinSchema, MAX_BODY_BYTES, '{ "name": "…", "email": "…", "password": "…" }');
      if (form instanceof Response) return form;
      const passwordHash = await hashPassword(form.password);
      return startAs(request, async (session, settings) => createAccount(await getDb(), { name: form.name, email: form.email, passwordHash, settings }, session));
    }),

    /**
     * Checkout without an account: `{ email }` -> 201 `{ user }`, a guest signed in under a new
     * session with the visitor's basket; 409 `email_taken` when the email has an account.
     */
    guest: answering('guest', async (request) => {
      const form = await readJsonBody(request, guestSchema, MAX_BODY_BYTES, '{ "email": "…" }');
      if (form instanceof Response) return form;
      const placeholder = `guest-${randomUUID()}@guest.invalid`;
      return startAs(request, async (session, settings) => startGuestCheckout(await getDb(), { email: form.email, placeholder, settings }, session));
    }),

    /** A guest keeps their account: `{ password }` -> `{ user }`, now an account that logs in with the guest's email. */
    claim: answering('claim', async (request) => {
      const form = await readJsonBody(request, claimSchema, MAX_BODY_BYTES, '{ "password": "…" }');
      if (form instanceof Response) return form;
      const user = await signedInUser(request);
      if (user instanceof Response) return user;
      if (!user.guest) return apiError(409, 'conflict', 'This account already has a password.');
      const claimed = await claimGuestAccount(await getDb(), user.id, await hashPassword(form.password));
      if (claimed === 'email_taken') return apiError(409, 'email_taken', EMAIL_TAKEN, 'email');
      return answer(claimed ?? null);
    }),

    /** `{ email, password }` -> `{ user }` under a new session; 401 `invalid_credentials` for an unknown email or a wrong password alike. */
    login: answering('login', async (request) => {
      const form = await readJsonBody(request, loginSchema, MAX_BODY_BYTES, '{ "email": "…", "password": "…" }');
      if (form instanceof Response) return form;
      const credentials = await findCredentials(await getDb(), form.email);
      const matches = await verifyPassword(form.password, credentials?.password_hash ?? (await decoyPasswordHash()));
      if (!credentials || !matches) return apiError(401, 'invalid_credentials', WRONG_CREDENTIALS);
      const { sessionId, session } = rotation(request);
      const user = await signIn(await getDb(), credentials.id, session);
      const response = answer(user ?? null);
      setSessionCookie(response, request, sessionId);
      return response;
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
