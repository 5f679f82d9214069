import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { loadEditorsPicks } from '../catalogue/home';
import { Hono } from 'hono';
import { callable } from '../api/testing';
import { curationRoutes, promoteRoutes } from './tools-api';

let temp: TemporaryDatabase;
let work: { id: number; slug: string };

beforeAll(async () => {
  temp = await openTemporaryDatabase('staff-api', { seed: 8, artworks: 80 });
  for (const role of ['user', 'provider', 'staff'] as const) {
    const id = await addUser(temp.db, undefined, `${role}@example.com`);
    await temp.db.updateTable('users').set({ role }).where('id', '=', id).execute();
    await addSession(temp.db, `${role}-session`, id);
  }
  work = await temp.db.selectFrom('artworks').select(['id', 'slug']).where('status', '=', 'available').orderBy('popularity').orderBy('id').limit(1).executeTakeFirstOrThrow();
});
afterAll(() => temp.close());

const deps = { getDb: async () => temp.db };
const request = (path: string, { method = 'GET', body, session }: { method?: string; body?: unknown; session?: string | undefined } = {}) =>
  new NextRequest(`http://shop.test${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(session ? { Cookie: `sessionid=${session}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const call = callable(new Hono().route('/', curationRoutes('theme', deps)).route('/', curationRoutes('campaign', deps)).route('/', promoteRoutes(deps)));
const themes = { GET: call, POST: call, DELETE: call };
const campaigns = themes;
const promote = call;
type Toggles = { results: { id_for_label: string; label: string; value: boolean }[] };

describe('every staff endpoint', () => {
  const calls: [string, (session?: string) => Promise<Response>][] = [
    ['GET themes', (s) => themes.GET(request(`/editors-picks/themes/?product=${work.slug}`, { session: s }))],
    ['POST themes', (s) => themes.POST(request('/editors-picks/themes/', { method: 'POST', body: { product: work.slug, theme: 'by-the-sea' }, session: s }))],
    ['DELETE themes', (s) => themes.DELETE(request('/editors-picks/themes/', { method: 'DELETE', body: { product: work.slug, theme: 'by-the-sea' }, session: s }))],
    ['GET campaigns', (s) => campaigns.GET(request(`/dashboard/marketing/api/campaign/?product=${work.slug}`, { session: s }))],
    ['POST campaigns', (s) => campaigns.POST(request('/dashboard/marketing/api/campaign/', { method: 'POST', body: { product: work.slug, campaign: 'featured-art' }, session: s }))],
    ['DELETE campaigns', (s) => campaigns.DELETE(request('/dashboard/marketing/api/campaign/', { method: 'DELETE', body: { product: work.slug, campaign: 'featured-art' }, session: s }))],
    ['POST promote', (s) => promote(request('/api/marketing/promote/product/', { method: 'POST', body: { product: work.slug }, session: s }))],
  ];
  const roles = [['a visitor', undefined], ['a user', 'user-session'], ['a provider', 'provider-session']] as const;

  it.each(calls.flatMap(([name, call]) => roles.map(([who, session]) => [name, who, call, session] as const)))(
    '%s refuses %s with 403, changing nothing',
    async (_name, _who, call, session) => {
      const before = await temp.db.selectFrom('artworks').select('popularity').where('id', '=', work.id).executeTakeFirstOrThrow();
      const curated = () => temp.db.selectFrom('artwork_curations').select('curation_id').where('artwork_id', '=', work.id).execute();
      const curatedBefore = await curated();
      const response = await call(session);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
      expect(await temp.db.selectFrom('artworks').select('popularity').where('id', '=', work.id).executeTakeFirstOrThrow()).toEqual(before);
      expect(await curated()).toEqual(curatedBefore);
    },
  );

  it.each(calls)('%s answers staff', async (_name, call) => {
    expect((await call('staff-session')).status).toBe(200);
  });
});

describe('themes and campaigns', () => {
  it('add sets value true and delete sets it false, however often repeated', async () => {
    const body = { product: work.slug, theme: 'city-lights' };
    const list = async () => ((await (await themes.GET(request(`/editors-picks/themes/?product=${work.slug}`, { session: 'staff-session' }))).json()) as Toggles).results;
    expect((await list()).find((t) => t.id_for_label === 'city-lights')).toEqual({ id_for_label: 'city-lights', label: 'City lights', value: false });
    const added = await Promise.all([1, 2, 3].map(() => themes.POST(request('/editors-picks/themes/', { method: 'POST', body, session: 'staff-session' }))));
    const answer = (await added[2]!.json()) as Toggles;
    expect(answer.results.find((t) => t.id_for_label === 'city-lights')!.value).toBe(true);
    expect(await list()).toEqual(answer.results);
    const rows = () => temp.db.selectFrom('artwork_curations as ac').innerJoin('curations as c', 'c.id', 'ac.curation_id')
      .select('ac.artwork_id').where('c.slug', '=', 'city-lights').where('ac.artwork_id', '=', work.id).execute();
    expect(await rows()).toHaveLength(1);
    await themes.DELETE(request('/editors-picks/themes/', { method: 'DELETE', body, session: 'staff-session' }));
    const removed = await themes.DELETE(request('/editors-picks/themes/', { method: 'DELETE', body, session: 'staff-session' }));
    expect(((await removed.json()) as Toggles).results.find((t) => t.id_for_label === 'city-lights')!.value).toBe(false);
    expect(await rows()).toHaveLength(0);
  });

  it('shows a new theme member on the homepage at once', async () => {
    const [pick] = (await loadEditorsPicks(temp.db, undefined)).results;
    expect(pick!.artworks.map((a) => a.slug)).not.toContain(work.slug);
    await promote(request('/api/marketing/promote/product/', { method: 'POST', body: { product: work.slug }, session: 'staff-session' }));
    await themes.POST(request('/editors-picks/themes/', { method: 'POST', body: { product: work.slug, theme: pick!.slug }, session: 'staff-session' }));
    const [after] = (await loadEditorsPicks(temp.db, undefined)).results;
    expect(after!.artworks[0]!.slug).toBe(work.slug);
  });

  it.each([
    ['an unknown work', { product: 'no-such-work', campaign: 'featured-art' }, 404, 'product'],
    ['an unknown campaign', { product: 'x-y', campaign: 'no-such-campaign' }, 404, 'campaign'],
    ['a theme sent in place of a campaign', { product: 'x-y', theme: 'by-the-sea' }, 400, 'campaign'],
    ['a theme sent beside a campaign', { product: 'x-y', campaign: 'featured-art', theme: 'by-the-sea' }, 400, 'theme'],
    ['a missing campaign', { product: 'x-y' }, 400, 'campaign'],
  ])('refuses %s', async (_what, body, status, param) => {
    const fixed = body.product === 'x-y' ? { ...body, product: work.slug } : body;
    const response = await campaigns.POST(request('/dashboard/marketing/api/campaign/', { method: 'POST', body: fixed, session: 'staff-session' }));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error: { param } });
  });
});

describe('promotion', () => {
  it('raises the work above every other and refuses unknown works', async () => {
    const response = await promote(request('/api/marketing/promote/product/', { method: 'POST', body: { product: work.slug }, session: 'staff-session' }));
    const { popularity } = (await response.json()) as { popularity: number };
    const { highest } = await temp.db.selectFrom('artworks').select((eb) => eb.fn.max('popularity').as('highest')).where('id', '!=', work.id).executeTakeFirstOrThrow();
    expect(popularity).toBeGreaterThan(Number(highest));
    const unknown = await promote(request('/api/marketing/promote/product/', { method: 'POST', body: { product: 'no-such-work' }, session: 'staff-session' }));
    expect(unknown.status).toBe(404);
  });
});
