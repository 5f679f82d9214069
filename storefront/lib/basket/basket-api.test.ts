import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { printSlug } from '@easel/shared/derive';
import { addSession, addUser, firstPerWork, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { getSavedSettings } from '../settings/saved';
import { basketViewSchema, type BasketView } from './basket';
import { callable } from '../api/testing';
import { basketRoutes } from './basket-api';

let temp: TemporaryDatabase;
let db: Db;
const opened = { count: 0 };
const basketApi = callable(basketRoutes({ getDb: async () => { opened.count++; return db; } }));
const api = { basket: '/api/basket-next/', promo: '/api/basket-next/promo/' };

/** Available works with a print edition that has at least three copies left, oldest first. */
let works: { slug: string; title: string; price_minor: number; sale_price_minor: number | null; print: string; printPrice: number; remaining: number }[];

beforeAll(async () => {
  temp = await openTemporaryDatabase('basket-api', { seed: 4, artworks: 300 });
  db = temp.db;
  const rows = await db
    .selectFrom('artworks as w')
    .innerJoin('print_editions as p', 'p.artwork_id', 'w.id')
    .select(['w.id', 'w.slug', 'w.title', 'w.price_minor', 'w.sale_price_minor', 'p.size_label', 'p.price_minor as print_price', 'p.remaining'])
    .where('w.status', '=', 'available')
    .where('p.remaining', '>=', 3)
    .where('p.remaining', '<', 99)
    .orderBy('w.id')
    .orderBy('p.id')
    .execute();
  // Ten works, each with its first such print.
  works = firstPerWork(rows).slice(0, 10).map((r) => ({ ...r, print: printSlug(r.size_label), printPrice: r.print_price }));
});
afterAll(() => temp.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(path: string, method: Method, { session, body, query = '' }: { session?: string; body?: unknown; query?: string } = {}) {
  return basketApi(new NextRequest(`http://shop.test${path}${query}`, {
    method,
    headers: { ...(session ? { Cookie: `sessionid=${session}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  }));
}
const basketOf = async (response: Response): Promise<BasketView> => {
  expect(response.status, await response.clone().text()).toBe(200);
  return basketViewSchema.parse(await response.json());
};
const errorOf = async (response: Response) => apiErrorBodySchema.parse(await response.json()).error;
const sessionOf = (response: Response) => {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sessionid='))!;
  return cookie.slice('sessionid='.length, cookie.indexOf(';'));
};

describe('/api/basket-next/', () => {
  it('answers a visitor without a session an empty basket without opening the database', async () => {
    const before = opened.count;
    expect(await basketOf(await call(api.basket, 'GET'))).toMatchObject({ count: 0, items: [], promo: null, total_minor: 0 });
    expect(opened.count).toBe(before);
  });

  it('gives a visitor a session on the first add and keeps the basket under it, priced in their currency', async () => {
    const work = works[0]!;
    const added = await call(api.basket, 'POST', { body: { artwork: work.slug } });
    const session = sessionOf(added);
    expect(session).toMatch(/^[\w-]{43}$/);
    const basket = await basketOf(added);
    expect(basket.items).toMatchObject([{ slug: work.slug, title: work.title, print: null, quantity: 1, max_quantity: 1, problem: null, url: `/product/${work.slug}/` }]);
    expect(basket.items[0]!.unit_price_minor).toBe(work.sale_price_minor ?? work.price_minor);

    const inDollars = await basketOf(await call(api.basket, 'GET', { session, query: '?currency=USD' }));
    expect(inDollars).toMatchObject({ currency: 'USD', count: 1 });
    // Shown and charged in whole dollars (SPEC §5), not $187.65 shown as $188.
    expect(inDollars.subtotal_minor).toBe(Math.round(((work.sale_price_minor ?? work.price_minor) * 1.39) / 100) * 100);
    expect(inDollars.total_minor).toBe(inDollars.subtotal_minor + inDollars.shipping_minor!);
  });

  it('estimates shipping to the ships-to country into the total, or says a work, and its line, does not ship there', async () => {
    // An available work that costs something to ship somewhere, and where.
    const paid = await db
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as r', 'r.profile_id', 'w.shipping_profile_id')
      .select(['w.id', 'w.slug', 'r.destination', 'r.cost_minor'])
      .where('w.status', '=', 'available')
      .where('r.cost_minor', '>', 0)
      .orderBy('w.id', 'desc')
      .executeTakeFirstOrThrow();
    const rates = await db
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as r', 'r.profile_id', 'w.shipping_profile_id')
      .select('r.destination')
      .where('w.id', '=', paid.id)
      .execute();
    const session = sessionOf(await call(api.basket, 'POST', { body: { artwork: paid.slug } }));
    const there = await basketOf(await call(api.basket, 'GET', { session, query: `?currency=USD&country=${paid.destination}` }));
    expect(there).toMatchObject({ destination: paid.destination, shipping_minor: Math.round((paid.cost_minor * 1.39) / 100) * 100 });
    expect(there.total_minor).toBe(there.subtotal_minor + there.shipping_minor!);
    expect(there.items.map((item) => item.ships)).toEqual([true]);

    const nowhere = ['AQ', 'KP', 'NR', 'TV'].find((c) => !rates.some((r) => r.destination === c))!;
    const notThere = await basketOf(await call(api.basket, 'GET', { session, query: `?country=${nowhere}` }));
    expect(notThere).toMatchObject({ destination: nowhere, shipping_minor: null, total_minor: notThere.subtotal_minor });
    expect(notThere.items.map((item) => item.ships)).toEqual([false]);
  });

  it('adds print copies, changes their quantity within the copies left and removes lines', async () => {
    const work = works[1]!;
    const first = await call(api.basket, 'POST', { body: { artwork: work.slug, print: work.print } });
    const session = sessionOf(first);
    const basket = await basketOf(await call(api.basket, 'POST', { session, body: { artwork: work.slug, print: work.print } }));
    expect(basket.items).toMatchObject([{ print: { slug: work.print }, quantity: 2, max_quantity: work.remaining, unit_price_minor: work.printPrice, line_total_minor: 2 * work.printPrice }]);
    expect(basket.count).toBe(2);
    const line = basket.items[0]!.line_id;

    const changed = await basketOf(await call(api.basket, 'PATCH', { session, body: { line, quantity: 3 } }));
    expect(changed.items[0]!.quantity).toBe(3);
    const tooMany = await call(api.basket, 'PATCH', { session, body: { line, quantity: work.remaining + 1 } });
    expect(tooMany.status).toBe(409);
    expect(await errorOf(tooMany)).toMatchObject({ code: 'sold_out', message: expect.stringContaining(`Only ${work.remaining}`) });

    expect(await basketOf(await call(api.basket, 'DELETE', { session, query: `?line=${line}` }))).toMatchObject({ count: 0, items: [] });
    const stale = await call(api.basket, 'DELETE', { session, query: `?line=${line}` });
    expect(stale.status).toBe(404);
    expect(await errorOf(stale)).toEqual({ code: 'stale_line', message: 'That item is no longer in your basket.', param: 'line' });
    const staleChange = await call(api.basket, 'PATCH', { session, body: { line, quantity: 1 } });
    expect([staleChange.status, (await errorOf(staleChange)).code]).toEqual([404, 'stale_line']);
  });

  it('refuses a sold work, an unknown one and a print size the work lacks, with the reason', async () => {
    const sold = await db.selectFrom('artworks').select(['slug', 'title']).where('status', '=', 'sold').executeTakeFirstOrThrow();
    const refused = await call(api.basket, 'POST', { body: { artwork: sold.slug } });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'sold', message: `“${sold.title}” has just been sold.` });
    expect(refused.headers.getSetCookie()).toEqual([]);
    const unknown = await call(api.basket, 'POST', { body: { artwork: 'no-such-work' } });
    expect([unknown.status, (await errorOf(unknown)).code]).toEqual([404, 'not_found']);
    const noPrint = await call(api.basket, 'POST', { body: { artwork: works[2]!.slug, print: 'z9' } });
    expect(await errorOf(noPrint)).toMatchObject({ code: 'not_found', param: 'print' });
  });

  it.each([
    ['text that is not JSON', 'POST', 'not json', 400, 'invalid_json', 'body'],
    ['a malformed slug', 'POST', { artwork: 'Bad Slug' }, 400, 'invalid_parameter', 'artwork'],
    ['a field it does not take', 'POST', { artwork: 'a', extra: 1 }, 400, 'invalid_parameter', 'extra'],
    ['a body that is too long', 'POST', 'x'.repeat(2000), 413, 'payload_too_large', 'body'],
    ['a quantity of 0', 'PATCH', { line: 1, quantity: 0 }, 400, 'invalid_parameter', 'quantity'],
    ['a line that is not a number', 'PATCH', { line: 'one', quantity: 1 }, 400, 'invalid_parameter', 'line'],
  ] as const)('refuses %s (%s) with %i %s naming %s', async (_name, method, body, status, code, param) => {
    const response = await call(api.basket, method, { body });
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toMatchObject({ code, param });
  });

  it('refuses a malformed line or currency in the query', async () => {
    expect((await errorOf(await call(api.basket, 'DELETE', { query: '?line=abc' }))).param).toBe('line');
    expect((await errorOf(await call(api.basket, 'GET', { session: 'x', query: '?currency=XYZ' }))).param).toBe('currency');
  });

  it('keeps the line of an original sold meanwhile, marked, until the shopper removes it', async () => {
    const work = works[3]!;
    const session = sessionOf(await call(api.basket, 'POST', { body: { artwork: work.slug } }));
    await db.updateTable('artworks').set({ status: 'sold', stock: 0 }).where('slug', '=', work.slug).execute();
    expect((await basketOf(await call(api.basket, 'GET', { session }))).items.map((i) => i.problem)).toEqual(['sold']);
  });
});

describe('/api/basket-next/promo/', () => {
  it('applies a percentage and a fixed amount, refuses unknown and expired codes, and removes it', async () => {
    const work = works[4]!;
    // Prices and discounts in whole units of the currency, as shown and charged (SPEC §5).
    const whole = (minor: number) => Math.round(minor / 100) * 100;
    const price = whole(work.sale_price_minor ?? work.price_minor);
    const session = sessionOf(await call(api.basket, 'POST', { body: { artwork: work.slug } }));
    const percent = await basketOf(await call(api.promo, 'POST', { session, body: { code: 'welcome10' } }));
    expect(percent).toMatchObject({ promo: { code: 'WELCOME10', kind: 'percent', amount: 10, expired: false }, discount_minor: whole(price / 10), total_minor: price - whole(price / 10) });
    const fixed = await basketOf(await call(api.promo, 'POST', { session, body: { code: 'FIVEOFF' }, query: '?currency=EUR' }));
    expect(fixed).toMatchObject({ currency: 'EUR', promo: { code: 'FIVEOFF', kind: 'fixed', amount: 600 }, discount_minor: 600 });

    const unknown = await call(api.promo, 'POST', { session, body: { code: 'NOPE' } });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toEqual({ code: 'unknown_promo', message: 'There is no promo code NOPE.', param: 'code' });
    const expired = await call(api.promo, 'POST', { session, body: { code: 'SUMMER2025' } });
    expect(expired.status).toBe(422);
    expect(await errorOf(expired)).toEqual({ code: 'expired_promo', message: 'The promo code SUMMER2025 expired on 1 September 2025.', param: 'code' });
    expect((await basketOf(await call(api.basket, 'GET', { session }))).promo?.code).toBe('FIVEOFF');

    expect(await basketOf(await call(api.promo, 'DELETE', { session }))).toMatchObject({ promo: null, discount_minor: 0, total_minor: price });
  });
});

describe('the basket count in the settings', () => {
  it('follows a visitor basket and a signed-in user basket', async () => {
    const read = (session: string) => getSavedSettings(null, (name) => (name === 'sessionid' ? session : undefined), async () => db);
    const first = await call(api.basket, 'POST', { body: { artwork: works[5]!.slug, print: works[5]!.print } });
    const session = sessionOf(first);
    await call(api.basket, 'POST', { session, body: { artwork: works[5]!.slug, print: works[5]!.print } });
    expect((await read(session)).basket_count).toBe(2);

    const userId = await addUser(db, undefined, 'count@example.com');
    await addSession(db, 'count-session', userId);
    await call(api.basket, 'POST', { session: 'count-session', body: { artwork: works[6]!.slug } });
    expect((await getSavedSettings(userId, () => undefined, async () => db)).basket_count).toBe(1);
    expect((await basketOf(await call(api.basket, 'GET', { session: 'count-session' }))).items.map((i) => i.slug)).toEqual([works[6]!.slug]);
  });
});
