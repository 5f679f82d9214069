import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, databaseDigest, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { searchLeverRoutes } from './levers-api';

let temp: TemporaryDatabase;
let call: (request: Request) => Promise<Response>;
let slugs: string[];

beforeAll(async () => {
  temp = await openTemporaryDatabase('levers-api', { seed: 6, artworks: 40 });
  for (const role of ['user', 'provider', 'staff'] as const) {
    const id = await addUser(temp.db, undefined, `${role}@example.com`);
    await temp.db.updateTable('users').set({ role }).where('id', '=', id).execute();
    await addSession(temp.db, `${role}-session`, id);
  }
  slugs = (await temp.db.selectFrom('artworks').select('slug').orderBy('id').limit(4).execute()).map((w) => w.slug);
  call = callable(searchLeverRoutes({ getDb: async () => temp.db }));
});
afterAll(async () => {
  await temp.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const send = (method: Method, path: string, body?: unknown, session: string | undefined = 'staff-session') =>
  call(new NextRequest(`http://shop.test${path}`, {
    method,
    headers: { ...(session ? { Cookie: `sessionid=${session}` } : {}), 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  }));
const refusal = async (response: Response) => ({ status: response.status, ...((await response.json()) as { error: { code: string; param?: string; message: string } }).error });

describe('who may pull the levers', () => {
  const calls: [Method, string, unknown][] = [
    ['GET', '/api/staff/synonyms/', undefined],
    ['PUT', '/api/staff/synonyms/', { synonyms: { kitty: ['cat'] } }],
    ['GET', '/api/staff/search-rules/', undefined],
    ['POST', '/api/staff/search-rules/', { query: 'cat', hides: [] }],
    ['PATCH', '/api/staff/search-rules/?id=1', { query: 'dog' }],
    ['DELETE', '/api/staff/search-rules/?id=1', undefined],
  ];
  it.each([
    ['a visitor', undefined],
    ['a visitor with an unknown session', 'no-such-session'],
    ['a shopper', 'user-session'],
    ['an artist', 'provider-session'],
  ])('refuses %s every call with 403, changing nothing', async (_, session) => {
    const before = await databaseDigest(temp.db);
    for (const [method, path, body] of calls) {
      const response = await send(method, path, body, session ?? '');
      expect(await refusal(response), `${method} ${path}`).toMatchObject({ status: 403, code: 'forbidden' });
    }
    expect(await databaseDigest(temp.db)).toBe(before);
  });
});

describe('/api/staff/synonyms/', () => {
  it('stores the whole set, normalised, and answers it', async () => {
    const response = await send('PUT', '/api/staff/synonyms/', { synonyms: { ' Kitty ': ['Cat', 'cat', 'kitty'], 'sofa  art': ['living room'], 'living room': ['sofa art'] } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const expected = { synonyms: { kitty: ['cat'], 'living room': ['sofa art'], 'sofa art': ['living room'] } };
    expect(await response.json()).toEqual(expected);
    expect(await (await send('GET', '/api/staff/synonyms/')).json()).toEqual(expected);
  });

  it.each([
    ['not an object', { synonyms: ['cat'] }, 'synonyms'],
    ['an empty list', { synonyms: { kitty: [] } }, 'synonyms.kitty'],
    ['a list naming only the word itself', { synonyms: { kitty: ['Kitty'] } }, 'synonyms.kitty'],
    ['a word given twice', { synonyms: { kitty: ['cat'], KITTY: ['cat'] } }, 'synonyms.KITTY'],
    ['a blank word', { synonyms: { kitty: ['  '] } }, 'synonyms.kitty.0'],
    ['a word too long', { synonyms: { kitty: ['x'.repeat(61)] } }, 'synonyms.kitty.0'],
    ['a field it does not take', { synonyms: {}, more: 1 }, 'more'],
  ])('refuses %s with 400 naming it, and keeps what was stored', async (_, body, param) => {
    const before = await (await send('GET', '/api/staff/synonyms/')).json();
    expect(await refusal(await send('PUT', '/api/staff/synonyms/', body))).toMatchObject({ status: 400, code: 'invalid_parameter', param });
    expect(await (await send('GET', '/api/staff/synonyms/')).json()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    expect(await refusal(await send('PUT', '/api/staff/synonyms/', 'kitty=cat'))).toMatchObject({ status: 400, code: 'invalid_json' });
  });
});

describe('/api/staff/search-rules/', () => {
  it('adds, lists, changes and deletes a rule', async () => {
    const created = await send('POST', '/api/staff/search-rules/', {
      query: '  Cat ', pins: [{ slug: slugs[0], position: 1 }], hides: [slugs[1]],
      banner: { title: 'Cats of winter', url: '/shop/?q=cat&subject=animals' }, starts_at: '2026-12-01T09:00:00+01:00',
    });
    expect(created.status).toBe(201);
    const { rule } = (await created.json()) as { rule: { id: number } };
    expect(rule).toMatchObject({
      query: 'cat', category: null, pins: [{ slug: slugs[0], position: 1 }], hides: [slugs[1]],
      banner: { title: 'Cats of winter', url: '/shop/?q=cat&subject=animals' }, starts_at: '2026-12-01T08:00:00.000Z', ends_at: null,
    });
    expect((await (await send('GET', '/api/staff/search-rules/')).json()).rules).toEqual([rule]);

    const changed = await send('PATCH', `/api/staff/search-rules/?id=${rule.id}`, { category: 'painting/oil', hides: [] });
    expect(changed.status).toBe(200);
    expect((await changed.json()).rule).toMatchObject({ id: rule.id, query: 'cat', category: 'painting/oil', hides: [], pins: [{ slug: slugs[0], position: 1 }] });

    // A change that would leave the rule doing nothing is refused whole.
    expect(await refusal(await send('PATCH', `/api/staff/search-rules/?id=${rule.id}`, { pins: [], banner: null }))).toMatchObject({ status: 400, param: 'pins' });
    expect((await (await send('GET', '/api/staff/search-rules/')).json()).rules[0].pins).toHaveLength(1);

    const deleted = await send('DELETE', `/api/staff/search-rules/?id=${rule.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ rules: [] });
    expect(await refusal(await send('DELETE', `/api/staff/search-rules/?id=${rule.id}`))).toMatchObject({ status: 404, code: 'not_found', param: 'id' });
    expect(await refusal(await send('PATCH', `/api/staff/search-rules/?id=${rule.id}`, { query: 'dog' }))).toMatchObject({ status: 404, param: 'id' });
  });

  it.each([
    ['neither words nor a category', { pins: [{ slug: 'x', position: 1 }] }, 'query'],
    ['nothing to do', { query: 'cat' }, 'pins'],
    ['a work the catalogue lacks', { query: 'cat', pins: [{ slug: 'no-such-work', position: 1 }] }, 'pins.0.slug'],
    ['a work pinned and hidden', { query: 'cat', pins: [{ slug: 'SLUG0', position: 1 }], hides: ['SLUG0'] }, 'hides.0'],
    ['two works at one position', { query: 'cat', pins: [{ slug: 'SLUG0', position: 2 }, { slug: 'SLUG1', position: 2 }] }, 'pins.1.position'],
    ['a position below 1', { query: 'cat', pins: [{ slug: 'SLUG0', position: 0 }] }, 'pins.0.position'],
    ['an unknown category', { category: 'painting/lego', hides: ['SLUG0'] }, 'category'],
    ['a banner leading off the site', { query: 'cat', banner: { title: 'Elsewhere', url: '//evil.example/' } }, 'banner.url'],
    ['a banner leading to a full address', { query: 'cat', banner: { title: 'Elsewhere', url: 'https://evil.example/' } }, 'banner.url'],
    ['an end before the start', { query: 'cat', hides: ['SLUG0'], starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' }, 'ends_at'],
    ['a date without its zone', { query: 'cat', hides: ['SLUG0'], starts_at: '2026-12-02 09:00' }, 'starts_at'],
    ['a field it does not take', { query: 'cat', hides: ['SLUG0'], boost: 1 }, 'boost'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_, raw, param) => {
    const body = JSON.parse(JSON.stringify(raw).replaceAll('SLUG0', slugs[0]!).replaceAll('SLUG1', slugs[2]!));
    const before = await databaseDigest(temp.db);
    expect(await refusal(await send('POST', '/api/staff/search-rules/', body))).toMatchObject({ status: 400, code: 'invalid_parameter', param });
    expect(await databaseDigest(temp.db)).toBe(before);
  });

  it('refuses an id that is no number', async () => {
    expect(await refusal(await send('DELETE', '/api/staff/search-rules/?id=one'))).toMatchObject({ status: 400, param: 'id' });
  });
});
