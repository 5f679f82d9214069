import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { meiliClient } from '@easel/indexer';
import { addSession, addUser, databaseDigest, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { serveIndexerAdmin } from '../../../indexer/test/admin-fixture';
import { Hono } from 'hono';
import { callable } from '../api/testing';
import { editRoutes } from '../catalogue/edit-api';
import { collectionsRoutes } from '../collections/api';
import { staffIndexRoutes } from '../staff/index-api';
import { searchAnalyticsRoutes } from '../staff/search-analytics-api';
import { createIndexAdmin, type IndexAdmin } from '../staff/index-admin';
import { curationRoutes, promoteRoutes } from '../staff/tools-api';

/**
 * Every staff and artist endpoint, called by every role: a visitor, a shopper, an artist on
 * their own work and on someone else's, and staff. A refusal must be the expected status and
 * must leave every table as it was; the allowed calls must succeed. docs/SECURITY.md, "Roles".
 */

const meili = meiliClient(inject('meili'));
const indexUid = `test_roles_${randomUUID().slice(0, 8)}`;
let temp: TemporaryDatabase;
let admin: IndexAdmin;
let indexer: Awaited<ReturnType<typeof serveIndexerAdmin>>;
let own: string;
let others: string;

beforeAll(async () => {
  temp = await openTemporaryDatabase('role-matrix', { seed: 5, artworks: 60 });
  const works = await temp.db.selectFrom('artworks').select(['slug', 'artist_id']).where('status', '=', 'available').orderBy('id').execute();
  const mine = works[0]!;
  own = mine.slug;
  others = works.find((w) => w.artist_id !== mine.artist_id)!.slug;
  for (const [token, role, artistId] of [['user', 'user', null], ['provider', 'provider', mine.artist_id], ['staff', 'staff', null], ['owner', 'user', null]] as const) {
    const id = await addUser(temp.db, undefined, `${token}@example.com`);
    await temp.db.updateTable('users').set({ role, artist_id: artistId }).where('id', '=', id).execute();
    await addSession(temp.db, token, id);
  }
  indexer = await serveIndexerAdmin({ db: temp.db, meili, indexUid });
  admin = createIndexAdmin({ getDb: async () => temp.db, indexerUrl: indexer.url, indexUid });
});
afterAll(async () => {
  await indexer.close();
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

const deps = { getDb: async () => temp.db };
const call = callable(new Hono()
  .route('/', curationRoutes('theme', deps))
  .route('/', curationRoutes('campaign', deps))
  .route('/', promoteRoutes(deps))
  .route('/', editRoutes(deps))
  .route('/', staffIndexRoutes({ ...deps, getAdmin: () => admin }))
  .route('/', searchAnalyticsRoutes(deps))
  .route('/', collectionsRoutes(deps)));
const themes = { GET: call, POST: call, DELETE: call };
const campaigns = themes;
const promote = call;
const edit = call;
const staffIndex = { GET: call, POST: call };

const request = (method: string, path: string, session: string | undefined, body?: unknown) =>
  new NextRequest(`http://shop.test${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(session ? { cookie: `sessionid=${session}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

type Who = 'visitor' | 'user' | 'provider, own work' | 'provider, other work' | 'staff';
type Endpoint = { name: string; call: (session: string | undefined, slug: string) => Promise<Response>; expect: Record<Who, number> };

/** The staff tools refuse everyone else alike, a visitor too (lib/staff/tools-api.ts). */
const STAFF_TOOL = { visitor: 403, user: 403, 'provider, own work': 403, 'provider, other work': 403, staff: 200 };
const STAFF_PAGE_DATA = { visitor: 401, user: 403, 'provider, own work': 403, 'provider, other work': 403, staff: 200 };

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /editors-picks/themes/', expect: STAFF_TOOL, call: (s, slug) => themes.GET(request('GET', `/editors-picks/themes/?product=${slug}`, s)) },
  { name: 'POST /editors-picks/themes/', expect: STAFF_TOOL, call: (s, slug) => themes.POST(request('POST', '/editors-picks/themes/', s, { product: slug, theme: 'by-the-sea' })) },
  { name: 'DELETE /editors-picks/themes/', expect: STAFF_TOOL, call: (s, slug) => themes.DELETE(request('DELETE', '/editors-picks/themes/', s, { product: slug, theme: 'by-the-sea' })) },
  { name: 'GET /dashboard/marketing/api/campaign/', expect: STAFF_TOOL, call: (s, slug) => campaigns.GET(request('GET', `/dashboard/marketing/api/campaign/?product=${slug}`, s)) },
  { name: 'POST /dashboard/marketing/api/campaign/', expect: STAFF_TOOL, call: (s, slug) => campaigns.POST(request('POST', '/dashboard/marketing/api/campaign/', s, { product: slug, campaign: 'featured-art' })) },
  { name: 'DELETE /dashboard/marketing/api/campaign/', expect: STAFF_TOOL, call: (s, slug) => campaigns.DELETE(request('DELETE', '/dashboard/marketing/api/campaign/', s, { product: slug, campaign: 'featured-art' })) },
  { name: 'POST /api/marketing/promote/product/', expect: STAFF_TOOL, call: (s, slug) => promote(request('POST', '/api/marketing/promote/product/', s, { product: slug })) },
  {
    name: 'PATCH /api/product/edit/',
    expect: { visitor: 401, user: 403, 'provider, own work': 200, 'provider, other work': 403, staff: 200 },
    call: (s, slug) => edit(request('PATCH', `/api/product/edit/?slug=${slug}`, s, { title: `Retitled ${randomUUID().slice(0, 6)}` })),
  },
  { name: 'GET /api/staff/index/', expect: STAFF_PAGE_DATA, call: (s) => staffIndex.GET(request('GET', '/api/staff/index/', s)) },
  { name: 'POST /api/staff/index/', expect: { ...STAFF_PAGE_DATA, staff: 202 }, call: (s) => staffIndex.POST(request('POST', '/api/staff/index/', s)) },
  { name: 'GET /api/staff/search-analytics/', expect: STAFF_TOOL, call: (s) => call(request('GET', '/api/staff/search-analytics/?from=2026-11-01&to=2026-11-28', s)) },
];

const WHO: [Who, string | undefined, () => string][] = [
  ['visitor', undefined, () => own],
  ['user', 'user', () => own],
  ['provider, own work', 'provider', () => own],
  ['provider, other work', 'provider', () => others],
  ['staff', 'staff', () => others],
];

describe('every staff and artist endpoint against every role', () => {
  it.each(ENDPOINTS.flatMap((endpoint) => WHO.map(([who, session, slug]) => [endpoint.name, who, endpoint, session, slug] as const)))(
    '%s as %s',
    async (_, who, endpoint, session, slug) => {
      const before = await databaseDigest(temp.db);
      const response = await endpoint.call(session, slug());
      const status = endpoint.expect[who];
      expect(response.status).toBe(status);
      if (status >= 400) {
        expect(await response.json()).toMatchObject({ error: { code: status === 401 ? 'not_signed_in' : 'forbidden' } });
        expect(await databaseDigest(temp.db)).toBe(before);
      }
      // The one rebuild this file starts finishes before the database is closed.
      if (status === 202) await expect.poll(async () => (await indexer.admin.status()).rebuild?.state, { timeout: 30_000 }).toBe('done');
    },
  );

  it('a forged or ended session is a visitor', async () => {
    const before = await databaseDigest(temp.db);
    for (const endpoint of ENDPOINTS) {
      expect((await endpoint.call('forged-session', own)).status).toBe(endpoint.expect.visitor);
    }
    expect(await databaseDigest(temp.db)).toBe(before);
  });
});

describe('a shopper\'s collections are theirs alone, whatever the other account\'s role', () => {
  const collections = { GET: call, POST: call, PATCH: call, DELETE: call };
  const items = { POST: call, DELETE: call };
  const collection = call;

  it.each(['user', 'provider', 'staff'])('%s can neither read nor change another shopper\'s collection', async (session) => {
    const made = await collections.POST(request('POST', '/collections/api/', 'owner', { name: `Kept ${session}` }));
    expect(made.status).toBe(201);
    const { collection: { slug } } = (await made.json()) as { collection: { slug: string } };
    expect((await items.POST(request('POST', '/collections/api/items/', 'owner', { collection: slug, product: own }))).status).toBe(200);
    const before = await databaseDigest(temp.db);
    expect((await collection(request('GET', `/api/v2/collection/?slug=${slug}`, session))).status).toBe(404);
    expect((await items.POST(request('POST', '/collections/api/items/', session, { collection: slug, product: others }))).status).toBe(404);
    expect((await items.DELETE(request('DELETE', '/collections/api/items/', session, { collection: slug, product: own }))).status).toBe(404);
    expect((await collections.PATCH(request('PATCH', '/collections/api/', session, { collection: slug, name: 'Taken over' }))).status).toBe(404);
    expect((await collections.DELETE(request('DELETE', '/collections/api/', session, { collection: slug }))).status).toBe(404);
    const listed = (await (await collections.GET(request('GET', '/collections/api/', session))).json()) as { results: { slug: string }[] };
    expect(listed.results.map((c) => c.slug)).not.toContain(slug);
    expect(await databaseDigest(temp.db)).toBe(before);
    // The owner still has it, with its one work.
    expect(await (await collection(request('GET', `/api/v2/collection/?slug=${slug}`, 'owner'))).json()).toMatchObject({ collection: { slug, total_items: 1 } });
  });
});
