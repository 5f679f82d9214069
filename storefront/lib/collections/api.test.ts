import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { collectionsRoutes } from './api';

let temp: TemporaryDatabase;
let works: { id: number; slug: string }[];

beforeAll(async () => {
  temp = await openTemporaryDatabase('collections-api', { seed: 7, artworks: 60 });
  await addSession(temp.db, 'ada-session', await addUser(temp.db));
  await addSession(temp.db, 'grace-session', await addUser(temp.db, undefined, 'grace@example.com'));
  works = await temp.db.selectFrom('artworks').select(['id', 'slug']).where('status', '=', 'available').orderBy('id').limit(2).execute();
});
afterAll(() => temp.close());

const deps = { getDb: async () => temp.db };
const request = (path: string, { method = 'GET', body, session }: { method?: string; body?: unknown; session?: string } = {}) =>
  new NextRequest(`http://shop.test${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(session ? { Cookie: `sessionid=${session}` } : {}) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const call = callable(collectionsRoutes(deps));
const collections = { GET: call, POST: call };
const items = { POST: call, DELETE: call };
const collection = call;
const create = (name: unknown, session = 'ada-session') => collections.POST(request('/collections/api/', { method: 'POST', body: { name }, session }));
const item = (method: 'POST' | 'DELETE', body: unknown, session = 'ada-session') => items[method](request('/collections/api/items/', { method, body, session }));
const view = async (slug: string, session = 'ada-session') => collection(request(`/api/v2/collection/?slug=${slug}`, { session }));

describe('/collections/api/', () => {
  it('creates a collection with a slug from its name and lists it with its count', async () => {
    const created = await create('  Quiet rooms ');
    expect(created.status).toBe(201);
    const body = (await created.json()) as { collection: { id: number } };
    expect(body).toEqual({ collection: { id: expect.any(Number), slug: 'quiet-rooms', name: 'Quiet rooms', total_items: 0 } });
    const again = (await (await create('Quiet Rooms')).json()) as { collection: { slug: string } };
    expect(again.collection.slug).toBe('quiet-rooms-2');
    const list = await collections.GET(request('/collections/api/', { session: 'ada-session' }));
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(((await list.json()) as { results: { slug: string }[] }).results.map((c) => c.slug)).toEqual(['quiet-rooms-2', 'quiet-rooms']);
  });

  it('lists nothing for a visitor and asks them to log in before creating', async () => {
    expect(await (await collections.GET(request('/collections/api/'))).json()).toEqual({ results: [] });
    const refused = await create('Mine', 'a-visitor');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'not_signed_in' } });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ name: 3 }, 'name'],
    [{ name: 'Fine', colour: 'red' }, 'colour'],
    ['not json', 'body'],
  ])('refuses %j with 400 naming %s', async (body, param) => {
    const response = await collections.POST(request('/collections/api/', { method: 'POST', body, session: 'ada-session' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param } });
  });
});

describe('/collections/api/items/ and the product\'s collections list', () => {
  it('adds and removes a work, and the product\'s list and the collection follow', async () => {
    await create('Landscapes');
    const [work] = works;
    const productList = async () => ((await (await collections.GET(request(`/collections/api/?product=${work!.slug}`, { session: 'ada-session' }))).json()) as {
      results: { slug: string; is_product_in_collection: boolean; total_items: number }[];
    }).results.find((c) => c.slug === 'landscapes');
    expect(await productList()).toMatchObject({ is_product_in_collection: false, total_items: 0 });
    // An empty collection is read (and cached) before the work goes in: the next read must still show it.
    expect(((await (await view('landscapes')).json()) as { results: unknown[] }).results).toHaveLength(0);

    const added = await item('POST', { collection: 'landscapes', product: work!.slug });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ slug: 'landscapes', name: 'Landscapes', total_items: 1, is_product_in_collection: true });
    expect(await productList()).toMatchObject({ is_product_in_collection: true, total_items: 1 });
    const shown = (await (await view('landscapes')).json()) as { collection: { total_items: number }; results: { slug: string }[] };
    expect(shown.collection.total_items).toBe(1);
    expect(shown.results.map((c) => c.slug)).toEqual([work!.slug]);

    const removed = await item('DELETE', { collection: 'landscapes', product: work!.slug });
    expect(await removed.json()).toMatchObject({ total_items: 0, is_product_in_collection: false });
    expect(await productList()).toMatchObject({ is_product_in_collection: false, total_items: 0 });
    expect(((await (await view('landscapes')).json()) as { results: unknown[] }).results).toHaveLength(0);
  });

  it('keeps the count true under quick repeated toggles', async () => {
    await create('Busy');
    const [, work] = works;
    const answers = await Promise.all(['POST', 'POST', 'DELETE', 'POST', 'DELETE', 'POST'].map((m) => item(m as 'POST' | 'DELETE', { collection: 'busy', product: work!.slug })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await temp.db.selectFrom('collection_items as i').innerJoin('collections as c', 'c.id', 'i.collection_id').select('i.artwork_id').where('c.slug', '=', 'busy').execute();
    const shown = (await (await view('busy')).json()) as { collection: { total_items: number }; results: unknown[] };
    expect(shown.collection.total_items).toBe(rows.length);
    expect(shown.results).toHaveLength(rows.length);
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('refuses someone else\'s collection, unknown works and visitors, changing nothing', async () => {
    const [work] = works;
    const foreign = await item('POST', { collection: 'landscapes', product: work!.slug }, 'grace-session');
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: { code: 'not_found', param: 'collection' } });
    const unknown = await item('POST', { collection: 'landscapes', product: 'no-such-work' });
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found', param: 'product' } });
    expect((await item('POST', { collection: 'landscapes', product: work!.slug }, 'a-visitor')).status).toBe(401);
    expect((await item('DELETE', { collection: 'landscapes' })).status).toBe(400);
    expect((await item('POST', { collection: 'Not A Slug', product: work!.slug })).status).toBe(400);
    const unknownProduct = await collections.GET(request('/collections/api/?product=no-such-work', { session: 'ada-session' }));
    expect(unknownProduct.status).toBe(404);
    const shown = (await (await view('landscapes')).json()) as { collection: { total_items: number } };
    expect(shown.collection.total_items).toBe(0);
  });
});

describe('/api/v2/collection/', () => {
  it('shows a collection to its owner only', async () => {
    expect((await view('landscapes', 'grace-session')).status).toBe(404);
    expect((await view('landscapes', 'a-visitor')).status).toBe(401);
    expect((await view('no-such-collection')).status).toBe(404);
    const malformed = await collection(request('/api/v2/collection/?slug=Not%20A%20Slug', { session: 'ada-session' }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { param: 'slug' } });
  });

  it('finds a collection created after its slug was asked for', async () => {
    expect((await view('later')).status).toBe(404);
    await create('Later');
    expect((await view('later')).status).toBe(200);
  });
});
