import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { engagementRoutes } from './api';

let temp: TemporaryDatabase;
let work: { id: number; slug: string; favourite_count: number; artist_id: number; artist_slug: string };

beforeAll(async () => {
  temp = await openTemporaryDatabase('engagement-api', { seed: 5, artworks: 60 });
  await addSession(temp.db, 'ada-session', await addUser(temp.db));
  work = await temp.db.selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id')
    .select(['w.id', 'w.slug', 'w.favourite_count', 'a.id as artist_id', 'a.slug as artist_slug']).where('w.status', '=', 'available')
    .orderBy('w.id').limit(1).executeTakeFirstOrThrow();
});
afterAll(() => temp.close());

const deps = { getDb: async () => temp.db };
const request = (path: string, { body, session }: { body?: unknown; session?: string } = {}) =>
  new NextRequest(`http://shop.test${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(session ? { Cookie: `sessionid=${session}` } : {}) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const call = callable(engagementRoutes(deps));
const favourites = { GET: call, POST: call };
const follows = { list: call, toggle: call };

describe('/collections/api/favourites/', () => {
  it('toggles a favourite for a signed-in shopper and lists the entries with their artist', async () => {
    const added = await favourites.POST(request('/collections/api/favourites/', { body: { slug: work.slug }, session: 'ada-session' }));
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({
      favourited: true, favourite_count: work.favourite_count + 1,
      entry: { id: work.id, slug: work.slug, artist_id: work.artist_id, artist_slug: work.artist_slug },
    });
    const list = await favourites.GET(request('/collections/api/favourites/', { session: 'ada-session' }));
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(await list.json()).toEqual({ results: [{ id: work.id, slug: work.slug, artist_id: work.artist_id, artist_slug: work.artist_slug }] });
    const removed = await favourites.POST(request('/collections/api/favourites/', { body: { slug: work.slug }, session: 'ada-session' }));
    expect(await removed.json()).toMatchObject({ favourited: false, favourite_count: work.favourite_count });
  });

  it('lists nothing for a visitor and asks them to log in before saving, changing nothing', async () => {
    expect(await (await favourites.GET(request('/collections/api/favourites/'))).json()).toEqual({ results: [] });
    const response = await favourites.POST(request('/collections/api/favourites/', { body: { slug: work.slug }, session: 'a-visitor' }));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'not_signed_in' } });
    const row = await temp.db.selectFrom('artworks').select('favourite_count').where('id', '=', work.id).executeTakeFirstOrThrow();
    expect(row.favourite_count).toBe(work.favourite_count);
  });

  it.each([
    [{ slug: 'no-such-work' }, 404, 'slug'],
    [{ slug: 'Not A Slug' }, 400, 'slug'],
    [{ slug: 'some-work', extra: 1 }, 400, 'extra'],
    ['not json', 400, 'body'],
  ])('refuses %j with %i naming %s', async (body, status, param) => {
    const response = await favourites.POST(request('/collections/api/favourites/', { body, session: 'ada-session' }));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { param } });
  });
});

describe('/interest/', () => {
  it('follows and unfollows an artist, and lists the followed slugs', async () => {
    const followed = await follows.toggle(request('/interest/', { body: { artist: work.artist_slug }, session: 'ada-session' }));
    expect(await followed.json()).toEqual({ following: true, follower_count: 1, artist_slug: work.artist_slug });
    expect(await (await follows.list(request('/interest/follows.js', { session: 'ada-session' }))).json()).toEqual({ results: [work.artist_slug] });
    const unfollowed = await follows.toggle(request('/interest/', { body: { artist: work.artist_slug }, session: 'ada-session' }));
    expect(await unfollowed.json()).toEqual({ following: false, follower_count: 0, artist_slug: work.artist_slug });
  });

  it('asks a visitor to log in, and refuses an unknown artist', async () => {
    expect((await follows.toggle(request('/interest/', { body: { artist: work.artist_slug } }))).status).toBe(401);
    expect(await (await follows.list(request('/interest/follows.js'))).json()).toEqual({ results: [] });
    const unknown = await follows.toggle(request('/interest/', { body: { artist: 'nobody-at-all' }, session: 'ada-session' }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found', param: 'artist' } });
  });
});
