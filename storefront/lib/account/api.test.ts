import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { addToBasket, getBasket, getBasketCount } from '@easel/data/queries/basket';
import { getMailTo } from '@easel/data/queries/outbox';
import { addRecentlyViewed, getRecentlyViewedIds } from '@easel/data/queries/recently-viewed';
import { addSession, addUser, mailedToken as mailedTokenIn, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { sessionHash } from '../session';
import { callable } from '../api/testing';
import { ACCOUNT_LOGIN_FAILURES, createRequestLimits } from '../rate-limits';
import { accountRoutes } from './api';

let temp: TemporaryDatabase;
let db: Db;
let slug: string;

beforeAll(async () => {
  temp = await openTemporaryDatabase('account-api', { seed: 4, artworks: 60 });
  db = temp.db;
  slug = (await db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').executeTakeFirstOrThrow()).slug;
});
afterAll(() => temp.close());

const OFF = { RATE_LIMIT_SEARCH_PER_MINUTE: 0, RATE_LIMIT_JOIN_PER_MINUTE: 0, RATE_LIMIT_CHECKOUT_PER_MINUTE: 0, RATE_LIMIT_LISTING_PER_MINUTE: 0, RATE_LIMIT_MEDIA_PER_MINUTE: 0 };
const limits = createRequestLimits({ ...OFF, RATE_LIMIT_LOGIN_PER_MINUTE: 1000 });
const call = callable(accountRoutes({ getDb: async () => db, loginLimits: () => limits.login }));

function request(method: string, path: string, options: { cookie?: string; body?: unknown; https?: boolean } = {}) {
  return new NextRequest(`${options.https ? 'https' : 'http'}://shop.test${path}`, {
    method,
    headers: { ...(options.cookie ? { Cookie: options.cookie } : {}), 'Content-Type': 'application/json' },
    ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
}

const join = (body: unknown, options: { cookie?: string; https?: boolean } = {}) => call(request('POST', '/api/account/join/', { ...options, body }));
const login = (body: unknown, cookie?: string) => call(request('POST', '/api/account/login/', { cookie, body }));
const confirm = (body: unknown, cookie?: string) => call(request('POST', '/api/account/confirm/', { cookie, body }));
const mailedToken = (email: string, kind?: 'account' | 'newsletter') => mailedTokenIn(db, email, kind);
const whoAmI = async (session?: string) => (await call(request('GET', '/api/account/', { cookie: session && `sessionid=${session}` }))).json();

/** The Set-Cookie header for sessionid, and the value it sets. */
function sessionCookie(response: Response): { header: string; value: string } {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
  if (!header) throw new Error('no sessionid cookie was set');
  return { header, value: header.slice('sessionid='.length, header.indexOf(';')) };
}

async function expectError(response: Response, status: number, code: string, param?: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string; param?: string } };
  expect(body.error).toMatchObject({ code, ...(param ? { param } : {}) });
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error.message;
}

const countUsers = async () => (await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('joining', () => {
  it('creates the account, signs it in under an HttpOnly, SameSite=Lax cookie and answers 201 { user }', async () => {
    const response = await join({ name: ' Ada Lovelace ', email: 'Ada@Example.com', password: 'analytical-engine' });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      user: { id: expect.any(Number), name: 'Ada Lovelace', email: 'ada@example.com', role: 'user', artist_id: null, about: null, guest: false, email_confirmed: false },
      user_type: 'registered',
    });
    const cookie = sessionCookie(response);
    expect(cookie.header).toMatch(/^sessionid=[\w-]{43}; Path=\/; Expires=[^;]+; Max-Age=5184000; HttpOnly; SameSite=lax$/i);
    expect(await whoAmI(cookie.value)).toMatchObject({ user: { email: 'ada@example.com' }, user_type: 'registered' });
    const stored = await db.selectFrom('users').select('password_hash').where('unconfirmed_email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('analytical-engine');
  });

  it('mails the email a link, which confirms it with the password chosen there and signs no one in; from then on the email logs in', async () => {
    // Until then it does not: the address is not the account's yet.
    await expectError(await login({ email: 'ada@example.com', password: 'analytical-engine' }), 401, 'invalid_credentials');
    const token = await mailedToken('ada@example.com');
    expect(token).toBeDefined();
    await expectError(await confirm({ token }), 400, 'invalid_parameter', 'password');
    await expectError(await confirm({ token, password: 'short' }), 400, 'invalid_parameter', 'password');
    const confirmed = await confirm({ token, password: 'analytical-engine' }, 'sessionid=another-browser');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: 'ada@example.com' });
    expect(confirmed.headers.getSetCookie()).toEqual([]);
    expect((await login({ email: 'ada@example.com', password: 'analytical-engine' })).status).toBe(200);
    // A link works once; a made-up one never.
    await expectError(await confirm({ token, password: 'analytical-engine' }), 404, 'not_found', 'token');
    await expectError(await confirm({ token: 'x'.repeat(43), password: 'analytical-engine' }), 404, 'not_found', 'token');
    await expectError(await confirm({ token: 'short', password: 'analytical-engine' }), 400, 'invalid_parameter', 'token');
  });

  it('a confirmation hands no one the victim\'s address: the attack of joining with someone else\'s email, step by step', async () => {
    // 1. The attacker joins with the victim's email and the attacker's own password.
    const attacker = await join({ name: 'Mallory', email: 'victim@example.com', password: 'attackers-password' });
    expect(attacker.status).toBe(201);
    const attackerSession = sessionCookie(attacker).value;
    // Before any confirmation the address logs no one in, the attacker's password included.
    await expectError(await login({ email: 'victim@example.com', password: 'attackers-password' }), 401, 'invalid_credentials');
    // 2. The victim gets "Confirm your email" and follows it in their own browser.
    const victimBrowser = 'sessionid=victims-own-browser';
    const confirmed = await confirm({ token: await mailedToken('victim@example.com'), password: 'the-victims-password' }, victimBrowser);
    expect(confirmed.status).toBe(200);
    // 3. The victim's browser is signed in to no account: no cookie was set, and theirs is no one's.
    expect(confirmed.headers.getSetCookie()).toEqual([]);
    expect(await whoAmI('victims-own-browser')).toEqual({ user: null, user_type: 'anonymous' });
    // The attacker's password no longer logs in with the address, and the attacker's session has ended.
    await expectError(await login({ email: 'victim@example.com', password: 'attackers-password' }), 401, 'invalid_credentials');
    expect(await whoAmI(attackerSession)).toEqual({ user: null, user_type: 'anonymous' });
    // 4. The victim logs in with their own password, and what they save is theirs alone.
    const victim = await login({ email: 'victim@example.com', password: 'the-victims-password' });
    expect(victim.status).toBe(200);
    const sessions = await db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.id_hash')
      .where('users.email', '=', 'victim@example.com').execute();
    expect(sessions.map((row) => row.id_hash)).toEqual([sessionHash(sessionCookie(victim).value)]);
  });

  it('a link older than 24 hours confirms nothing', async () => {
    await join({ name: 'Late', email: 'late@example.com', password: 'late-password' });
    const token = await mailedToken('late@example.com');
    await db.updateTable('users').set({ confirm_token_expires_at: new Date(Date.now() - 1000).toISOString() }).where('unconfirmed_email', '=', 'late@example.com').execute();
    await expectError(await confirm({ token, password: 'late-password' }), 404, 'not_found', 'token');
    await expectError(await login({ email: 'late@example.com', password: 'late-password' }), 401, 'invalid_credentials');
  });

  it('marks the cookie Secure over HTTPS', async () => {
    const response = await join({ name: 'Grace', email: 'grace@example.com', password: 'compilers-first' }, { https: true });
    expect(sessionCookie(response).header).toMatch(/; Secure;/i);
  });

  it('brings the visitor\'s recently viewed works and settings into the new account', async () => {
    const visitor = 'visitor-cookie-of-mary';
    await addRecentlyViewed(db, sessionHash(visitor), slug, new Date().toISOString());
    const response = await join({ name: 'Mary', email: 'mary@example.com', password: 'difference-engine' }, { cookie: `sessionid=${visitor}; af-currency=EUR; af-locale=en-us:in` });
    const { user } = (await response.json()) as { user: { id: number } };
    expect(await getRecentlyViewedIds(db, String(user.id))).toHaveLength(1);
    expect(await getRecentlyViewedIds(db, sessionHash(visitor))).toEqual([]);
    expect(sessionCookie(response).value).not.toBe(visitor);
    expect(await db.selectFrom('users').select(['currency', 'language', 'display_units']).where('id', '=', user.id).executeTakeFirst()).toEqual({ currency: 'EUR', language: 'en-us', display_units: 'in' });
  });

  it('brings the visitor\'s basket into the account', async () => {
    const visitor = 'visitor-cookie-of-grace';
    const [work] = await db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id', 'desc').limit(1).execute();
    expect(await addToBasket(db, { sessionHash: sessionHash(visitor) }, { slug: work!.slug }, new Date().toISOString())).toMatchObject({ ok: true });
    const response = await join({ name: 'Grace', email: 'grace.visitor@example.com', password: 'compiler-pioneer' }, { cookie: `sessionid=${visitor}` });
    expect(response.status, await response.clone().text()).toBe(201);
    const { user } = (await response.json()) as { user: { id: number } };
    const now = new Date().toISOString();
    expect((await getBasket(db, { userId: user.id }, now)).items.map((i) => i.artwork.slug)).toEqual([work!.slug]);
    expect(await getBasketCount(db, { sessionHash: sessionHash(visitor) })).toBe(0);
  });

  it('answers an email that has an account exactly as a new one, and mails its owner word of it, with no link', async () => {
    const fresh = await join({ name: 'Ada again', email: 'ada.fresh@example.com', password: 'another-password' });
    const taken = await join({ name: 'Ada again', email: 'ADA@example.com', password: 'another-password' });
    const shape = async (response: Response) => {
      const { user, ...rest } = (await response.clone().json()) as { user: Record<string, unknown> };
      return { status: response.status, headers: [...response.headers.keys()], cookie: sessionCookie(response).header.replace(/=[\w-]{43};/, '=…;').replace(/Expires=[^;]+;/, ''), user: { ...user, id: 0, email: 0 }, rest };
    };
    expect(await shape(taken)).toEqual(await shape(fresh));
    expect(await mailedToken('ada.fresh@example.com')).toBeDefined();
    const notice = (await getMailTo(db, 'ada@example.com')).at(-1)!;
    expect(notice.subject).toMatch(/tried to join/);
    expect(notice.body).not.toMatch(/token=/);
    // The owner's account is untouched and still logs in with its password; the new one cannot take the address.
    expect((await login({ email: 'ada@example.com', password: 'another-password' })).status).toBe(401);
    expect((await login({ email: 'ada@example.com', password: 'analytical-engine' })).status).toBe(200);
  });

  it.each([
    [{ name: 'Ada', email: 'not-an-email', password: 'long-enough-1' }, 'email'],
    [{ name: 'Ada', email: 'ada@', password: 'long-enough-1' }, 'email'],
    [{ name: 'Ada', email: 'new@example.com', password: 'short' }, 'password'],
    [{ name: 'Ada', email: 'new@example.com', password: 'x'.repeat(201) }, 'password'],
    [{ name: '   ', email: 'new@example.com', password: 'long-enough-1' }, 'name'],
    [{ name: 'A'.repeat(81), email: 'new@example.com', password: 'long-enough-1' }, 'name'],
    [{ email: 'new@example.com', password: 'long-enough-1' }, 'name'],
    [{ name: 'Ada', email: 'new@example.com', password: 'long-enough-1', role: 'staff' }, 'role'],
  ])('answers 400 naming the field for %j', async (body, param) => {
    const before = await countUsers();
    await expectError(await join(body), 400, 'invalid_parameter', param);
    expect(await countUsers()).toBe(before);
  });

  it('answers 400 for a body that is not a JSON object and 413 for a huge one', async () => {
    for (const body of ['not json', '[]', '"x"', 'null']) await expectError(await join(body), 400, 'invalid_json', 'body');
    await expectError(await join({ name: 'Ada', email: 'big@example.com', password: 'x'.repeat(5000) }), 413, 'payload_too_large');
  });
});

describe('logging in and out', () => {
  it('says the same for a wrong password and an unknown email', async () => {
    const wrong = await expectError(await login({ email: 'ada@example.com', password: 'not-the-password' }), 401, 'invalid_credentials');
    const unknown = await expectError(await login({ email: 'nobody@example.com', password: 'analytical-engine' }), 401, 'invalid_credentials');
    expect(wrong).toBe('The email or password is not right.');
    expect(unknown).toBe(wrong);
  });

  it('answers 400 for a malformed email or a missing password', async () => {
    await expectError(await login({ email: 'ada at example', password: 'x' }), 400, 'invalid_parameter', 'email');
    await expectError(await login({ email: 'ada@example.com' }), 400, 'invalid_parameter', 'password');
  });

  it('rotates the session at log-in: a new cookie works, the one before no longer does', async () => {
    const first = sessionCookie(await login({ email: 'ADA@example.com', password: 'analytical-engine' }));
    const second = await login({ email: 'ada@example.com', password: 'analytical-engine' }, `sessionid=${first.value}`);
    expect(await second.json()).toMatchObject({ user: { email: 'ada@example.com' }, user_type: 'registered' });
    const rotated = sessionCookie(second);
    expect(rotated.value).not.toBe(first.value);
    expect(await whoAmI(first.value)).toEqual({ user: null, user_type: 'anonymous' });
    expect(await whoAmI(rotated.value)).toMatchObject({ user: { email: 'ada@example.com' } });
  });

  it('logs out: the session ends and the cookie is removed', async () => {
    const session = sessionCookie(await login({ email: 'ada@example.com', password: 'analytical-engine' })).value;
    const response = await call(request('POST', '/api/account/logout/', { cookie: `sessionid=${session}` }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: null, user_type: 'anonymous' });
    expect(sessionCookie(response).header).toMatch(/^sessionid=; Path=\/; Max-Age=0; HttpOnly; SameSite=lax$/i);
    expect(await db.selectFrom('sessions').select('id_hash').where('id_hash', '=', sessionHash(session)).execute()).toEqual([]);
    expect(await whoAmI(session)).toEqual({ user: null, user_type: 'anonymous' });
  });
});

describe('the log-in\'s limits', () => {
  const address = (n: number) => `198.51.100.${n}`;
  const from = (ip: string, body: unknown, loginLimits = limited) => callable(accountRoutes({ getDb: async () => db, loginLimits: () => loginLimits }))(
    new NextRequest('http://shop.test/api/account/login/', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) }));
  const limited = createRequestLimits({ ...OFF, RATE_LIMIT_LOGIN_PER_MINUTE: 1000 }).login;

  it('shoppers who share an address log in however many others do: only failures count', async () => {
    const shared = createRequestLimits({ ...OFF, RATE_LIMIT_LOGIN_PER_MINUTE: 3 }).login;
    for (let i = 0; i < 12; i += 1) expect((await from(address(1), { email: 'ada@example.com', password: 'analytical-engine' }, shared)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await from(address(1), { email: `nobody${i}@example.com`, password: 'guess' }, shared)).status).toBe(401);
    const refused = await from(address(1), { email: 'ada@example.com', password: 'analytical-engine' }, shared);
    await expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await from(address(2), { email: 'ada@example.com', password: 'analytical-engine' }, shared)).status).toBe(200);
  });

  it(`an account takes ${ACCOUNT_LOGIN_FAILURES} failures in 15 minutes from one address, then that address waits; its owner elsewhere logs in`, async () => {
    for (let i = 0; i < ACCOUNT_LOGIN_FAILURES; i += 1) await expectError(await from(address(3), { email: 'ada@example.com', password: `guess-${i}` }), 401, 'invalid_credentials');
    // The right password waits too: the guesser learns nothing more from here.
    const waiting = await from(address(3), { email: 'ada@example.com', password: 'analytical-engine' });
    expect(await expectError(waiting, 429, 'rate_limited')).toMatch(/failed log-ins to this account/);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // No lock-out: the owner, from anywhere else, logs in; the guesser's address may try other accounts.
    expect((await from(address(4), { email: 'ada@example.com', password: 'analytical-engine' })).status).toBe(200);
    expect((await from(address(3), { email: 'victim@example.com', password: 'the-victims-password' })).status).toBe(200);
  });
});

describe('the signed-in user', () => {
  it('answers the analytics user type of each role', async () => {
    for (const role of ['provider', 'staff'] as const) {
      const id = await addUser(db, undefined, `${role}@example.com`);
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
      await addSession(db, `session-of-${role}`, id);
      expect(await whoAmI(`session-of-${role}`)).toMatchObject({ user: { id, role }, user_type: role });
    }
    expect(await whoAmI()).toEqual({ user: null, user_type: 'anonymous' });
    expect(await whoAmI('a-visitor-cookie')).toEqual({ user: null, user_type: 'anonymous' });
  });

  it('updates their profile and answers the updated user', async () => {
    const session = sessionCookie(await login({ email: 'ada@example.com', password: 'analytical-engine' })).value;
    const patch = (body: unknown) => call(request('PATCH', '/api/account/', { cookie: `sessionid=${session}`, body }));
    const response = await patch({ name: 'Ada, Countess', about: '  Seascapes and quiet abstraction.  ' });
    expect(await response.json()).toMatchObject({ user: { name: 'Ada, Countess', about: 'Seascapes and quiet abstraction.' } });
    expect(await whoAmI(session)).toMatchObject({ user: { name: 'Ada, Countess' } });
    await expectError(await patch({}), 400, 'invalid_parameter', 'body');
    await expectError(await patch({ about: 'x'.repeat(501) }), 400, 'invalid_parameter', 'about');
    await expectError(await patch({ name: '' }), 400, 'invalid_parameter', 'name');
    await expectError(await patch({ email: 'new@example.com' }), 400, 'invalid_parameter', 'email');
    expect(await whoAmI(session)).toMatchObject({ user: { name: 'Ada, Countess', email: 'ada@example.com' } });
  });

  it('refuses a profile change without a session, and tells an expired session apart, removing its cookie', async () => {
    const patch = (cookie?: string) => call(request('PATCH', '/api/account/', { cookie, body: { name: 'Someone' } }));
    await expectError(await patch(), 401, 'not_signed_in');
    await expectError(await patch('sessionid=a-visitor-cookie'), 401, 'not_signed_in');
    const { id } = await db.selectFrom('users').select('id').where('email', '=', 'ada@example.com').executeTakeFirstOrThrow();
    await db.insertInto('sessions').values({ id_hash: sessionHash('an-old-session'), user_id: id, created_at: '2026-01-01T00:00:00Z', last_seen_at: '2026-01-01T00:00:00Z', expires_at: '2026-01-15T00:00:00Z' }).execute();
    const expired = await patch('sessionid=an-old-session');
    expect(await expectError(expired, 401, 'session_expired')).toMatch(/expired/);
    expect(sessionCookie(expired).value).toBe('');
    expect(await whoAmI('an-old-session')).toEqual({ user: null, user_type: 'anonymous' });
    expect((await db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Ada, Countess');
  });
});

describe('the newsletter', () => {
  const subscribe = (body: unknown) => call(request('POST', '/api/marketing/subscribe/newsletter/', { body }));

  const confirmNewsletter = (body: unknown) => call(request('POST', '/api/marketing/newsletter/confirm/', { body }));
  const confirmedAt = async (email: string) => (await db.selectFrom('newsletter_subscriptions').select('confirmed_at').where('email', '=', email).executeTakeFirstOrThrow()).confirmed_at;

  it('mails an address one link however often it is sent, and starts the newsletter only once the link is followed', async () => {
    for (const email of ['Reader@Example.com', 'reader@example.com', 'reader@example.com']) {
      const response = await subscribe({ email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ email: 'reader@example.com' });
    }
    expect(await db.selectFrom('newsletter_subscriptions').select('email').where('email', 'like', 'reader@%').execute()).toEqual([{ email: 'reader@example.com' }]);
    const mails = await getMailTo(db, 'reader@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm the Easel newsletter']);
    expect(await confirmedAt('reader@example.com')).toBeNull();

    const token = await mailedToken('reader@example.com', 'newsletter');
    expect(token).toBeDefined();
    const confirmed = await confirmNewsletter({ token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: 'reader@example.com' });
    expect(await confirmedAt('reader@example.com')).not.toBeNull();
    await expectError(await confirmNewsletter({ token }), 404, 'not_found', 'token');
    await expectError(await confirmNewsletter({ token: 'short' }), 400, 'invalid_parameter', 'token');
    // Subscribed: asking again mails nothing more.
    await subscribe({ email: 'reader@example.com' });
    expect(await getMailTo(db, 'reader@example.com')).toHaveLength(1);
  });

  it('answers 400 for a malformed or missing email', async () => {
    await expectError(await subscribe({ email: 'nope' }), 400, 'invalid_parameter', 'email');
    await expectError(await subscribe({}), 400, 'invalid_parameter', 'email');
    await expectError(await subscribe('x'), 400, 'invalid_json');
  });
});

describe('checking out as a guest', () => {
  const guest = (body: unknown, cookie?: string) => call(request('POST', '/api/account/guest/', { cookie, body }));
  const claim = (body: unknown, session: string) => call(request('POST', '/api/account/claim/', { cookie: `sessionid=${session}`, body }));

  it('signs the visitor in as a guest with their basket, and the guest keeps the account with a password', async () => {
    const visitor = 'guest-visitor-session-0001';
    await addToBasket(db, { sessionHash: sessionHash(visitor) }, { slug }, new Date().toISOString());
    const response = await guest({ email: 'Grete@Example.com' }, `sessionid=${visitor}`);
    expect(response.status, await response.clone().text()).toBe(201);
    const { user } = (await response.json()) as { user: { id: number; email: string; guest: boolean } };
    expect(user).toMatchObject({ email: 'grete@example.com', guest: true });
    const session = sessionCookie(response).value;
    expect(session).not.toBe(visitor);
    expect(await getBasketCount(db, { userId: user.id })).toBe(1);

    // A guest cannot log in: there is no password to log in with.
    expect((await login({ email: 'grete@example.com', password: '' })).status).toBe(400);
    expect((await login({ email: 'grete@example.com', password: 'anything at all' })).status).toBe(401);

    expect((await claim({ password: 'short' }, session)).status).toBe(400);
    const kept = await claim({ password: 'a long enough password' }, session);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { user: unknown }).user).toMatchObject({ id: user.id, email: 'grete@example.com', guest: false, email_confirmed: false });
    // Kept once: a full account has its password already.
    expect((await claim({ password: 'another long password' }, session)).status).toBe(409);
    // Like a new account's, the email logs in once the mailed link confirms it, with the password
    // chosen at the confirmation; the guest's session ends with it.
    expect((await login({ email: 'grete@example.com', password: 'a long enough password' })).status).toBe(401);
    expect((await confirm({ token: await mailedToken('grete@example.com'), password: 'the owners password' })).status).toBe(200);
    expect(await whoAmI(session)).toEqual({ user: null, user_type: 'anonymous' });
    expect((await login({ email: 'grete@example.com', password: 'a long enough password' })).status).toBe(401);
    expect((await login({ email: 'grete@example.com', password: 'the owners password' })).status).toBe(200);
  });

  it('checks out a guest whoever holds the email, and a guest who keeps such an account cannot take the address', async () => {
    await join({ name: 'Hedy', email: 'hedy@example.com', password: 'a long enough password' });
    await confirm({ token: await mailedToken('hedy@example.com'), password: 'a long enough password' });
    const response = await guest({ email: 'HEDY@example.com' });
    expect(response.status).toBe(201);
    const session = sessionCookie(response).value;
    expect((await claim({ password: 'the guest password' }, session)).status).toBe(200);
    expect((await getMailTo(db, 'hedy@example.com')).at(-1)!.subject).toMatch(/tried to join/);
    expect((await login({ email: 'hedy@example.com', password: 'the guest password' })).status).toBe(401);
    expect((await login({ email: 'hedy@example.com', password: 'a long enough password' })).status).toBe(200);
  });

  it('a second guest checkout with the same email is an account of its own: no one sees another guest\'s orders', async () => {
    const first = await guest({ email: 'ida@example.com' });
    const second = await guest({ email: 'ida@example.com' });
    const [a, b] = await Promise.all([first.json(), second.json()]) as { user: { id: number } }[];
    expect(a!.user.id).not.toBe(b!.user.id);
  });
});
