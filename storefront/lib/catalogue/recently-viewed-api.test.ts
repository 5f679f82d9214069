import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@easel/data/db';
import { seedCatalogue } from '@easel/data';
import { productCardSchema } from '@easel/search-service/contract';
import { createRecentlyViewedHandlers } from './recently-viewed-api';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-recent-api-'));
let db: Db;
let slugs: string[];
let soldSlug: string;
const USER_SESSION = 'session-of-ada';
let userId: number;

beforeAll(async () => {
  db = await openDatabase(path.join(dir, 'recent.db'));
  await seedCatalogue(db, { seed: 2, artworks: 200 });
  slugs = (await db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').limit(3).execute()).map((r) => r.slug);
  soldSlug = (await db.selectFrom('artworks').select('slug').where('status', '=', 'sold').executeTakeFirstOrThrow()).slug;
  userId = (await db
    .insertInto('users')
    .values({ email: 'ada@example.com', password_hash: 'x', name: 'Ada', role: 'user', artist_id: null, created_at: '2026-01-01T00:00:00Z', currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb' })
    .returning('id')
    .executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  await db.insertInto('sessions').values({
    id_hash: createHash('sha256').update(USER_SESSION).digest('hex'), user_id: userId, created_at: now, last_seen_at: now,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  }).execute();
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function handlers() {
  const opened = { count: 0 };
  return { ...createRecentlyViewedHandlers({ getDb: async () => { opened.count++; return db; } }), opened };
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
