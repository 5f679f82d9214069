import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { settingsRoutes } from '../settings/api';
import { MAX_ALERTS } from './alerts';
import { alertRoutes } from './api';

let temp: TemporaryDatabase;
let ada: number;

beforeAll(async () => {
  temp = await openTemporaryDatabase('alerts-api', { seed: 7, artworks: 60 });
  ada = await addUser(temp.db);
  await addSession(temp.db, 'ada-session', ada);
  await addSession(temp.db, 'grace-session', await addUser(temp.db, { currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' }, 'grace@example.com'));
});
afterAll(() => temp.close());

const deps = { getDb: async () => temp.db };
const call = callable(alertRoutes(deps));
const settings = callable(settingsRoutes(deps));
const request = (path: string, { method = 'GET', body, session = 'ada-session' }: { method?: string; body?: unknown; session?: string | null } = {}) =>
  new NextRequest(`http://shop.test${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(session ? { Cookie: `sessionid=${session}` } : {}) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
type Alert = { id: number; name: string; query: string; description: string; url: string; frequency: string; paused: boolean };
const create = async (body: unknown, session?: string | null) => call(request('/api/account/alerts/', { method: 'POST', body, session }));

describe('/api/account/alerts/', () => {
  it('saves a search in its canonical form, says it in words, and answers the same alert for the same search', async () => {
    const created = await create({ query: 'style=abstract&product_category=painting&colours=blue&price_max=1000&ships_to=US&sort=newest&page=3' });
    expect(created.status).toBe(201);
    const { alert } = (await created.json()) as { alert: Alert };
    expect(alert).toMatchObject({
      query: 'price_max=1000&product_category=painting&ships_to=US&style=abstract&colours=blue&currency=GBP',
      name: 'Blue abstract paintings under £1,000 that ship to United States',
      description: 'Blue abstract paintings under £1,000 that ship to United States',
      url: '/shop/painting/?price_max=1000&ships_to=US&style=abstract&colours=blue',
      frequency: 'instant',
      paused: false,
    });
    const again = await create({ query: 'colours=blue&product_category=painting&style=abstract&ships_to=US&price_max=1000', name: 'Another name' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { alert: Alert }).alert.id).toBe(alert.id);
  });

  it('speaks American English to an American shopper', async () => {
    const created = await create({ query: 'colours=grey&painting=watercolour&currency=USD&price_min=200' }, 'grace-session');
    expect(((await created.json()) as { alert: Alert }).alert.description).toBe('Gray watercolor paintings over $200');
  });

  it('renames, changes the frequency, pauses and deletes, and answers 404 for another shopper\'s alert', async () => {
    const { alert } = (await (await create({ query: 'subject=botanical' })).json()) as { alert: Alert };
    const patch = (body: unknown, session = 'ada-session') => call(request(`/api/account/alerts/${alert.id}/`, { method: 'PATCH', body, session }));
    const changed = await patch({ name: '  Plants  ', frequency: 'daily', paused: true });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { alert: Alert }).alert).toMatchObject({ name: 'Plants', frequency: 'daily', paused: true });
    expect((await patch({ name: 'Mine' }, 'grace-session')).status).toBe(404);
    const bad = await patch({ frequency: 'hourly' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'frequency', message: expect.stringContaining('instant or daily') } });
    expect((await call(request(`/api/account/alerts/${alert.id}/`, { method: 'DELETE', session: 'grace-session' }))).status).toBe(404);
    expect((await call(request(`/api/account/alerts/${alert.id}/`, { method: 'DELETE' }))).status).toBe(204);
    const list = (await (await call(request('/api/account/alerts/'))).json()) as { alerts: Alert[]; limit: number };
    expect(list.alerts.map((a) => a.id)).not.toContain(alert.id);
    expect(list.limit).toBe(MAX_ALERTS);
  });

  it('refuses a search the gallery could not run, naming the problem, and asks a visitor to log in', async () => {
    const bad = await create({ query: 'colours=sky' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'query', message: expect.stringContaining('Colour (colours) must be one of') } });
    const visitor = await create({ query: 'colours=blue' }, null);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: { code: 'not_signed_in', message: 'Please log in to save alerts.' } });
    expect((await call(request('/api/account/notifications/', { session: null }))).status).toBe(401);
  });

  it('settles who is asking before reading the request: a visitor with a bad body or query is asked to log in', async () => {
    const visitor = [
      await create({ query: 'colours=sky' }, null),
      await create('not json', null),
      await call(request('/api/account/alerts/1/', { method: 'PATCH', body: { frequency: 'hourly' }, session: null })),
      await call(request('/api/account/alerts/x/', { method: 'DELETE', session: null })),
      await call(request('/api/account/notifications/?ships_to=nowhere', { session: null })),
      await call(request('/api/account/notifications/read/', { method: 'POST', body: { ids: 'all' }, session: null })),
    ];
    expect(visitor.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it(`keeps at most ${MAX_ALERTS} alerts an account`, async () => {
    const have = ((await (await call(request('/api/account/alerts/'))).json()) as { alerts: Alert[] }).alerts.length;
    for (let i = have; i < MAX_ALERTS; i++) expect((await create({ query: `width_min=${i + 1}` })).status).toBe(201);
    const over = await create({ query: 'width_min=999' });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ error: { message: `You can keep at most ${MAX_ALERTS} alerts. Delete one to make room for another.` } });
  });
});

describe('/api/alerts/unsubscribe/', () => {
  it('pauses the alert whose mailed link holds the token, for anyone who has it, and refuses a token of no alert', async () => {
    const { alert } = (await (await create({ query: 'subject=seascape' }, 'grace-session')).json()) as { alert: Alert };
    const { unsubscribe_token: token } = await temp.db.selectFrom('alerts').select('unsubscribe_token').where('id', '=', alert.id).executeTakeFirstOrThrow();
    const unsubscribe = (body: unknown) => call(request('/api/alerts/unsubscribe/', { method: 'POST', body, session: null }));
    const done = await unsubscribe({ token });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ alert: { name: alert.name } });
    expect((await temp.db.selectFrom('alerts').select('paused').where('id', '=', alert.id).executeTakeFirstOrThrow()).paused).toBe(1);
    expect((await unsubscribe({ token })).status).toBe(200);
    const unknown = await unsubscribe({ token: 'x'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found', param: 'token' } });
    expect((await unsubscribe({ token: 'a b' })).status).toBe(400);
  });
});

describe('/api/account/notifications/', () => {
  it('lists the works alerts found as cards, and reading them brings unread_count, and GET /api/u/\'s, to 0', async () => {
    const [alert] = await temp.db.selectFrom('alerts').select('id').where('user_id', '=', ada).limit(1).execute();
    const works = await temp.db.selectFrom('artworks').select(['id', 'slug']).where('status', '=', 'available').orderBy('id').limit(2).execute();
    await temp.db.insertInto('notifications').values(works.map((w, i) => ({ alert_id: alert!.id, user_id: ada, artwork_id: w.id, created_at: `2026-01-0${i + 1}T00:00:00Z` }))).execute();
    const unreadInSettings = async () => ((await (await settings(request('/api/u/'))).json()) as { unread_count: number }).unread_count;
    expect(await unreadInSettings()).toBe(2);
    const listed = (await (await call(request('/api/account/notifications/'))).json()) as { notifications: { id: number; alert_id: number; work: { slug: string }; read: boolean }[]; unread_count: number };
    expect(listed.unread_count).toBe(2);
    expect(listed.notifications.map((n) => [n.work.slug, n.alert_id, n.read])).toEqual([[works[1]!.slug, alert!.id, false], [works[0]!.slug, alert!.id, false]]);
    // Each card's free shipping is for ships_to, GB when absent.
    type Shipping = { notifications: { work: { ships_free: boolean; free_shipping_to: string[] } }[] };
    for (const [query, country] of [['', 'GB'], ['?ships_to=US', 'US'], ['?ships_to=FR', 'FR']]) {
      const { notifications } = (await (await call(request(`/api/account/notifications/${query}`))).json()) as Shipping;
      for (const { work } of notifications) expect(work.ships_free).toBe(work.free_shipping_to.includes(country!));
    }
    expect((await call(request('/api/account/notifications/?ships_to=ZZ'))).status).toBe(400);
    const read = await call(request('/api/account/notifications/read/', { method: 'POST', body: { ids: [listed.notifications[0]!.id] } }));
    expect(await read.json()).toEqual({ unread_count: 1 });
    expect(await (await call(request('/api/account/notifications/read/', { method: 'POST', body: {} }))).json()).toEqual({ unread_count: 0 });
    expect(await unreadInSettings()).toBe(0);
  });
});
