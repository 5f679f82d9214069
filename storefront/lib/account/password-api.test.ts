import { Hono } from 'hono';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { getMailTo } from '@easel/data/queries/outbox';
import { addSession, addUser, databaseDigest, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable, noLoginLimits } from '../api/testing';
import { sessionHash } from '../session';
import { accountRoutes } from './api';
import { passwordRoutes } from './password-api';

let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('password-api');
  db = temp.db;
});
afterAll(() => temp.close());

const call = callable(new Hono().route('/', accountRoutes({ getDb: async () => db, loginLimits: noLoginLimits })).route('/', passwordRoutes({ getDb: async () => db })));

const post = (path: string, body: unknown, cookie?: string) =>
  call(new NextRequest(`http://shop.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: `sessionid=${cookie}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }));
const forgot = (body: unknown) => post('/api/account/password/forgot/', body);
const reset = (body: unknown, cookie?: string) => post('/api/account/password/reset/', body, cookie);
const login = (email: string, password: string) => post('/api/account/login/', { email, password });
const whoAmI = async (cookie: string) =>
  ((await call(new NextRequest('http://shop.test/api/account/', { headers: { Cookie: `sessionid=${cookie}` } }))).json()) as Promise<{ user: { email: string } | null }>;

/** The token of the last reset link mailed to an address; undefined when its last mail has none. */
const mailedResetToken = async (email: string) => (await getMailTo(db, email)).at(-1)?.body.match(/\/account\/reset-password\/\?token=([\w-]{43})\n/)?.[1];

/** A confirmed account holding `email`, with a password, signed in under `session`. */
async function account(email: string, session: string) {
  const id = await addUser(db, undefined, email);
  await addSession(db, session, id);
  return id;
}

function cookieSet(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('sessionid='));
  if (!header) throw new Error('no sessionid cookie was set');
  return header.slice('sessionid='.length, header.indexOf(';'));
}

describe('POST /api/account/password/forgot/', () => {
  it('answers 202 with the same body and headers whether or not an account holds the address, and mails each address once', async () => {
    await account('holder@example.com', 'holder-session');
    const known = await forgot({ email: ' Holder@Example.com ' });
    const unknown = await forgot({ email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.headers.get('cache-control')).toBe('no-store');
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    expect(await known.json()).toEqual({ email: 'holder@example.com' });
    expect(await unknown.json()).toEqual({ email: 'nobody@example.com' });

    expect(await getMailTo(db, 'holder@example.com')).toHaveLength(1);
    expect(await mailedResetToken('holder@example.com')).toMatch(/^[\w-]{43}$/);
    const [nobodys] = await getMailTo(db, 'nobody@example.com');
    expect(nobodys!.body).toContain('no account uses it');
    expect(nobodys!.body).not.toMatch(/token=/);
  });

  it('keeps only the hash of the link\'s token, for an hour', async () => {
    await account('hashed@example.com', 'hashed-session');
    await forgot({ email: 'hashed@example.com' });
    const token = (await mailedResetToken('hashed@example.com'))!;
    const rows = await db.selectFrom('password_resets').selectAll().execute();
    expect(rows.map((r) => r.token_hash)).toContain(sessionHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.token_hash === sessionHash(token))!;
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
  });

  it('sends no link for an address an account gave but has not confirmed', async () => {
    // Another account's pending address, as joining leaves it: a link would hand that account to the address's owner.
    const id = await addUser(db, undefined, 'unconfirmed-1@unconfirmed.invalid');
    await db.updateTable('users').set({ unconfirmed_email: 'pending@example.com' }).where('id', '=', id).execute();
    expect((await forgot({ email: 'pending@example.com' })).status).toBe(202);
    expect(await mailedResetToken('pending@example.com')).toBeUndefined();
    expect(await db.selectFrom('password_resets').select('token_hash').where('user_id', '=', id).execute()).toEqual([]);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'not-an-address' }, 'email'],
    [{ email: 'a@example.com', password: 'x' }, 'password'],
    ['not json', 'body'],
  ])('refuses %j with 400 naming %s, writing nothing', async (body, param) => {
    const before = await databaseDigest(db);
    const response = await forgot(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param } });
    expect(await databaseDigest(db)).toBe(before);
  });
});

describe('POST /api/account/password/reset/', () => {
  it('sets the password, ends every other session, signs the follower in, and works once', async () => {
    await account('reset@example.com', 'laptop-session');
    await addSession(db, 'phone-session', (await db.selectFrom('users').select('id').where('email', '=', 'reset@example.com').executeTakeFirstOrThrow()).id);
    await forgot({ email: 'reset@example.com' });
    const token = (await mailedResetToken('reset@example.com'))!;

    const done = await reset({ token, password: 'a-new-long-password' }, 'a-visitor-cookie');
    expect(done.status).toBe(200);
    expect(done.headers.get('cache-control')).toBe('no-store');
    expect(await done.json()).toMatchObject({ user: { email: 'reset@example.com' }, user_type: 'registered' });
    const cookie = cookieSet(done);
    expect(cookie).not.toBe('a-visitor-cookie');
    expect((await whoAmI(cookie)).user).toMatchObject({ email: 'reset@example.com' });
    for (const ended of ['laptop-session', 'phone-session']) expect((await whoAmI(ended)).user).toBeNull();

    expect((await login('reset@example.com', 'a-new-long-password')).status).toBe(200);
    const used = await reset({ token, password: 'yet-another-password' });
    expect(used.status).toBe(404);
    expect(await used.json()).toMatchObject({ error: { code: 'not_found', param: 'token' } });
    expect((await login('reset@example.com', 'yet-another-password')).status).toBe(401);
  });

  it('voids every other link to the account once one is used', async () => {
    await account('twice@example.com', 'twice-session');
    await forgot({ email: 'twice@example.com' });
    const first = (await mailedResetToken('twice@example.com'))!;
    await forgot({ email: 'twice@example.com' });
    const second = (await mailedResetToken('twice@example.com'))!;
    expect(second).not.toBe(first);
    expect((await reset({ token: second, password: 'the-second-password' })).status).toBe(200);
    expect((await reset({ token: first, password: 'the-first-password' })).status).toBe(404);
    expect((await login('twice@example.com', 'the-second-password')).status).toBe(200);
  });

  it('refuses a link past its hour and one never sent, changing nothing', async () => {
    await account('late@example.com', 'late-session');
    await forgot({ email: 'late@example.com' });
    const token = (await mailedResetToken('late@example.com'))!;
    await db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('token_hash', '=', sessionHash(token)).execute();
    const before = await databaseDigest(db);
    for (const tried of [token, 'A'.repeat(43)]) {
      const refused = await reset({ token: tried, password: 'too-late-password' });
      expect(refused.status).toBe(404);
      expect(refused.headers.getSetCookie()).toEqual([]);
      const { error } = (await refused.json()) as { error: { message: string; param: string } };
      expect(error).toMatchObject({ param: 'token' });
      expect(error.message).toContain('more than an hour old');
    }
    expect(await databaseDigest(db)).toBe(before);
    expect((await whoAmI('late-session')).user).toMatchObject({ email: 'late@example.com' });
  });

  it.each([
    [{ password: 'long-enough-password' }, 'token'],
    [{ token: 'short', password: 'long-enough-password' }, 'token'],
    [{ token: 'A'.repeat(43), password: 'short' }, 'password'],
    [{ token: 'A'.repeat(43), password: 'x'.repeat(201) }, 'password'],
    [{ token: 'A'.repeat(43), password: 'long-enough-password', email: 'a@example.com' }, 'email'],
  ])('refuses %j with 400 naming %s', async (body, param) => {
    const response = await reset(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param } });
  });
});
