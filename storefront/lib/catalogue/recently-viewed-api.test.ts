import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { productCardSchema } from '@easel/search-service/contract';
import { callable } from '../api/testing';
import { recentlyViewedRoutes } from './recently-viewed-api';

let temp: TemporaryDatabase;
let db: Db;
let slugs: string[];
let soldSlug: string;
const USER_SESSION = 'session-of-ada';
let userId: number;

beforeAll(async () => {
  temp = await openTemporaryDatabase('recent-api', { seed: 2, artworks: 200 });
  db = temp.db;
  slugs = (await db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').limit(3).execute()).map((r) => r.slug);
  soldSlug = (await db.selectFrom('artworks').select('slug').where('status', '=', 'sold').executeTakeFirstOrThrow()).slug;
  userId = await addUser(db);
  await addSession(db, USER_SESSION, userId);
});
afterAll(() => temp.close());

function handlers() {
  const opened = { count: 0 };
  const call = callable(recentlyViewedRoutes({ getDb: async () => { opened.count++; return db; } }));
  return { GET: call, POST: call, opened };
}

function request(method: 'GET' | 'POST', options: { session?: string; body?: string } = {}) {
  return new NextRequest('http://shop.test/api/recently-viewed/', {
    method,
    headers: { ...(options.session ? { Cookie: `sessionid=${options.session}` } : {}), ...(options.body ? { 'Content-Type': 'application/json' } : {}) },
    ...(options.body === undefined ? {} : { body: options.body }),
  });
}

/** The sessionid cookie a response sets, as its Set-Cookie header, or undefined. */
const sessionCookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('sessionid='));

const view = (slug: string, session?: string) => handlers().POST(request('POST', { session, body: JSON.stringify({ slug }) }));
const list = async (session?: string) =>
  ((await (await handlers().GET(request('GET', { session }))).json()) as { results: { slug: string; status: string }[] }).results;

describe('/api/recently-viewed/', () => {
  it('answers a visitor without a session an empty list, private, without opening the database', async () => {
    const api = handlers();
    const response = await api.GET(request('GET'));
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ results: [] });
    expect(api.opened.count).toBe(0);
  });

  it('gives a visitor a session cookie on the first view and keeps their list under it', async () => {
    const first = await view(slugs[0]!);
    expect(first.status).toBe(200);
    const cookie = sessionCookieOf(first)!;
    expect(cookie).toMatch(/^sessionid=[\w-]{43}; Path=\/; Expires=[^;]+; Max-Age=31536000; HttpOnly; SameSite=lax$/i);
    const session = cookie.slice('sessionid='.length, cookie.indexOf(';'));
    const second = await view(slugs[1]!, session);
    expect(sessionCookieOf(second)).toBeUndefined();
    const { results } = (await second.json()) as { results: unknown[] };
    for (const card of results) productCardSchema.parse(card);
    expect((await list(session)).map((r) => r.slug)).toEqual([slugs[1], slugs[0]]);
  });

  it('de-duplicates, newest first, and marks a sold work', async () => {
    const session = 'visitor-two';
    await view(slugs[0]!, session);
    await view(soldSlug, session);
    await view(slugs[0]!, session);
    expect(await list(session)).toMatchObject([{ slug: slugs[0], status: 'available' }, { slug: soldSlug, status: 'sold' }]);
  });

  it('keeps a signed-in user\'s list on the account, apart from visitors\'', async () => {
    await view(slugs[2]!, USER_SESSION);
    expect((await list(USER_SESSION)).map((r) => r.slug)).toEqual([slugs[2]]);
    const stored = await db.selectFrom('recently_viewed').select('viewer').where('viewer', '=', String(userId)).execute();
    expect(stored).toHaveLength(1);
  });

  it('answers 404 for an unknown work and 400 or 413 for a bad body', async () => {
    expect((await view('no-such-work', 'visitor-three')).status).toBe(404);
    for (const body of ['not json', '[]', '{}', '{"slug":"Bad Slug"}']) {
      const response = await handlers().POST(request('POST', { session: 'visitor-three', body }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: expect.stringMatching(/^(invalid_json|invalid_parameter)$/) } });
    }
    const huge = await handlers().POST(request('POST', { session: 'visitor-three', body: JSON.stringify({ slug: 'a'.repeat(2000) }) }));
    expect(huge.status).toBe(413);
    expect(await list('visitor-three')).toEqual([]);
  });
});
