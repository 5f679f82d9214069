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
const collections = { GET: call, POST: call, PATCH: call, DELETE: call };
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

const rename = (body: unknown, session = 'ada-session') => collections.PATCH(request('/collections/api/', { method: 'PATCH', body, session }));
const remove = (body: unknown, session = 'ada-session') => collections.DELETE(request('/collections/api/', { method: 'DELETE', body, session }));
const listed = async (session = 'ada-session') =>
  ((await (await collections.GET(request('/collections/api/', { session }))).json()) as { results: { slug: string; name: string; total_items: number }[] }).results;

describe('names a shopper cannot read as typed', () => {
  // Each kind the field refuses: controls (C0, DEL, C1), bidi embeddings, overrides and isolates, lone surrogates.
  const unreadable = [
    ['a NUL', 'Night\u0000shift'],
    ['a line break', 'Two\nlines'],
    ['an escape', 'Bold\u001b[1m'],
    ['DEL', 'Gone\u007f'],
    ['a C1 control', 'Next\u0085line'],
    ['U+202A', '\u202Aembedded'],
    ['U+202E, the right-to-left override', 'Invoice\u202Efdp.exe'],
    ['U+2066', 'iso\u2066late'],
    ['U+2069', 'iso\u2069late'],
    ['a lone high surrogate', 'Broken \ud800'],
    ['a lone low surrogate', '\udc00 broken'],
    ['a reversed pair', 'Flipped \udc00\ud83d'],
  ] as const;

  it.each(unreadable)('refuses %s with 400 naming name, on create and rename, storing nothing', async (_, name) => {
    const before = await listed();
    const created = await create(name);
    expect(created.status).toBe(400);
    expect(await created.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'name' } });
    await create('Plain words');
    const renamed = await rename({ collection: 'plain-words', name });
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toMatchObject({ error: { param: 'name' } });
    expect((await listed()).find((c) => c.slug === 'plain-words')?.name).toBe('Plain words');
    await remove({ collection: 'plain-words' });
    expect(await listed()).toEqual(before);
  });

  it('keeps what people do type: accents, other scripts, emoji and joiners', async () => {
    for (const name of ['Café crème', '風景と海', 'Sunsets 🌅', 'Family 👩‍👩‍👧', 'שקיעה בים']) {
      const created = await create(name);
      expect(created.status).toBe(201);
      const { collection } = (await created.json()) as { collection: { slug: string; name: string } };
      expect(collection.name).toBe(name);
      expect((await remove({ collection: collection.slug })).status).toBe(204);
    }
  });
});

describe('renaming and deleting a collection', () => {
  it('renames the owner\'s collection, keeping its address, and the collection page shows the new name', async () => {
    await create('Kitchen wall');
    expect(((await (await view('kitchen-wall')).json()) as { collection: { name: string } }).collection.name).toBe('Kitchen wall');
    const renamed = await rename({ collection: 'kitchen-wall', name: '  Dining room ' });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('cache-control')).toBe('private, no-store');
    expect(await renamed.json()).toEqual({ collection: { id: expect.any(Number), slug: 'kitchen-wall', name: 'Dining room', total_items: 0 } });
    // The cached view of the slug is forgotten with the old name.
    expect(((await (await view('kitchen-wall')).json()) as { collection: { name: string } }).collection.name).toBe('Dining room');
  });

  it('deletes the owner\'s collection and its list, never the works, and its slug is free again', async () => {
    await create('Short list');
    const [work] = works;
    await item('POST', { collection: 'short-list', product: work!.slug });
    expect((await view('short-list')).status).toBe(200);
    const deleted = await remove({ collection: 'short-list' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await listed()).some((c) => c.slug === 'short-list')).toBe(false);
    expect((await view('short-list')).status).toBe(404);
    const items = await temp.db.selectFrom('collection_items as i').leftJoin('collections as c', 'c.id', 'i.collection_id').select('c.id').where('c.id', 'is', null).execute();
    expect(items).toEqual([]);
    expect(await temp.db.selectFrom('artworks').select('id').where('id', '=', work!.id).executeTakeFirst()).toBeDefined();
    expect((await remove({ collection: 'short-list' })).status).toBe(404);
    expect(((await (await create('Short list')).json()) as { collection: { slug: string } }).collection.slug).toBe('short-list');
  });

  it('lets nobody but the owner rename or delete, and refuses malformed bodies by field', async () => {
    await create('Only mine');
    for (const answer of [await rename({ collection: 'only-mine', name: 'Theirs' }, 'grace-session'), await remove({ collection: 'only-mine' }, 'grace-session')]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: { code: 'not_found', param: 'collection' } });
    }
    expect((await rename({ collection: 'only-mine', name: 'Theirs' }, 'a-visitor')).status).toBe(401);
    expect((await remove({ collection: 'only-mine' }, 'a-visitor')).status).toBe(401);
    expect(await rename({ collection: 'only-mine', name: '' }).then((r) => r.json())).toMatchObject({ error: { param: 'name' } });
    expect(await rename({ name: 'No slug' }).then((r) => r.json())).toMatchObject({ error: { param: 'collection' } });
    expect(await rename({ collection: 'only-mine', name: 'x'.repeat(81) }).then((r) => r.json())).toMatchObject({ error: { param: 'name' } });
    expect(await remove({ collection: 'Not A Slug' }).then((r) => r.json())).toMatchObject({ error: { param: 'collection' } });
    expect(await remove({ collection: 'only-mine', extra: 1 }).then((r) => r.json())).toMatchObject({ error: { param: 'extra' } });
    expect((await listed()).find((c) => c.slug === 'only-mine')?.name).toBe('Only mine');
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

  it("judges each work's free shipping for ships_to, GB when absent, and refuses an unknown country", async () => {
    await create('Shipping');
    const shelf = await temp.db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').limit(30).execute();
    for (const work of shelf) expect((await item('POST', { collection: 'shipping', product: work.slug })).status).toBe(200);
    type Card = { slug: string; ships_free: boolean; free_shipping_to: string[] };
    const cardsFor = async (query: string) => ((await (await collection(request(`/api/v2/collection/?slug=shipping${query}`, { session: 'ada-session' }))).json()) as { results: Card[] }).results;
    const asGiven = await cardsFor('');
    expect(asGiven).toHaveLength(30);
    for (const card of asGiven) expect(card.ships_free).toBe(card.free_shipping_to.includes('GB'));
    // A country some of these works ship free to and others do not, and whose answer differs from GB's.
    const country = [...new Set(asGiven.flatMap((c) => c.free_shipping_to))].find((code) =>
      asGiven.some((c) => c.free_shipping_to.includes(code) !== c.free_shipping_to.includes('GB')))!;
    expect(country).toBeDefined();
    const there = await cardsFor(`&ships_to=${country}`);
    expect(there.map((c) => c.slug)).toEqual(asGiven.map((c) => c.slug));
    for (const card of there) expect(card.ships_free).toBe(card.free_shipping_to.includes(country));
    const unknown = await collection(request('/api/v2/collection/?slug=shipping&ships_to=ZZ', { session: 'ada-session' }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { param: 'ships_to' } });
  });

  it('finds a collection created after its slug was asked for', async () => {
    expect((await view('later')).status).toBe(404);
    await create('Later');
    expect((await view('later')).status).toBe(200);
  });
});
