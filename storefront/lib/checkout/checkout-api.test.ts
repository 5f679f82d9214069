import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { printSlug } from '@easel/shared/derive';
import { HOLD_LIMIT, quoteCheckout } from '@easel/data/queries/checkout';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { Hono } from 'hono';
import { z } from 'zod';
import { getMailTo } from '@easel/data/queries/outbox';
import { formatPrice } from '../money';
import { accountRoutes } from '../account/api';
import { callable, noLoginLimits } from '../api/testing';
import { addSession, addUser, firstPerWork, ledgerLocation, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { basketViewSchema, checkoutQuoteSchema, orderViewSchema } from '../basket/basket';
import { sessionHash } from '../session';
import { basketRoutes } from '../basket/basket-api';
import { editRoutes } from '../catalogue/edit-api';
import { addressBookRoutes } from './address-book-api';
import { checkoutRoutes } from './checkout-api';
import { createSimulatedPayments, TEST_CARDS } from './payment';

let temp: TemporaryDatabase;
let db: Db;
let ledger: PaymentLedger;
const getDb = async () => db;
const call = callable(new Hono()
  .route('/', basketRoutes({ getDb }))
  .route('/', checkoutRoutes({ getDb, payments: createSimulatedPayments(async () => ledger) }))
  .route('/', addressBookRoutes({ getDb }))
  .route('/', editRoutes({ getDb }))
  .route('/', accountRoutes({ getDb, loginLimits: noLoginLimits })));
const checkout = { start: '/api/checkout/', order: '/api/checkout/order/' };
const basket = { POST: '/api/basket-next/', GET: call, DELETE: call };
const addresses = { GET: call };
const history = call;
const edit = call;
const account = { logout: call };

beforeAll(async () => {
  temp = await openTemporaryDatabase('checkout-api', { seed: 9, artworks: 800 });
  db = temp.db;
  ledger = await openPaymentLedger(ledgerLocation(temp));
});
afterAll(async () => {
  await ledger.close();
  await temp.close();
});

let users = 0;
/** Each shopper's session -> their user id and the client address their requests come from. */
const shoppers = new Map<string, { userId: number; address: string }>();
/** A signed-in shopper, on an address of their own: their session cookie value and user id. */
async function shopper() {
  users += 1;
  const userId = await addUser(db, undefined, `shopper${users}@example.com`);
  const session = `session-${users}-${randomUUID()}`;
  await addSession(db, session, userId);
  shoppers.set(session, { userId, address: `127.1.${users >> 8}.${users & 255}` });
  return { session, userId };
}

/** Available originals that ship to GB, with a print edition holding 2 to 10 copies; each test takes its own. */
let pool: { id: number; slug: string; title: string; print: string; printId: number; remaining: number }[];
beforeAll(async () => {
  const rows = await db
    .selectFrom('artworks as w')
    .innerJoin('print_editions as p', 'p.artwork_id', 'w.id')
    .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', 'GB'))
    .select(['w.id', 'w.slug', 'w.title', 'p.id as print_id', 'p.size_label', 'p.remaining'])
    .where('w.status', '=', 'available')
    .where('p.remaining', '>=', 2)
    .where('p.remaining', '<=', 10)
    .orderBy('w.id')
    .orderBy('p.id')
    .execute();
  pool = firstPerWork(rows).map((r) => ({ id: r.id, slug: r.slug, title: r.title, print: printSlug(r.size_label), printId: r.print_id, remaining: r.remaining }));
});
const takeWork = () => pool.shift()!;

function post(path: string, session: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return call(new NextRequest(`http://shop.test${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(session ? { Cookie: `sessionid=${session}`, 'X-Forwarded-For': shoppers.get(session)?.address ?? '127.0.0.9' } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  }));
}
const addToBasket = async (session: string, item: { artwork: string; print?: string }) => {
  const response = await post(basket.POST, session, item);
  expect(response.status, await response.clone().text()).toBe(200);
};
const start = (session: string, country = 'GB') => post(checkout.start, session, { country, currency: 'GBP' });
const orderBody = (card: string = TEST_CARDS.accepted, country = 'GB', quotedTotal = 0) => ({
  currency: 'GBP',
  quoted_total_minor: quotedTotal,
  ship_to: { name: 'Ada Lovelace', line1: '12 St James’s Square', city: 'London', postcode: 'SW1Y 4JH', country },
  card: { number: card, expiry: '12/30', cvc: '123' },
});
/** What the shopper's basket costs now, shipped to GB: the total their checkout page shows them (0 when it cannot be bought). */
async function quotedTotal(session: string): Promise<number> {
  const quote = await quoteCheckout(db, shoppers.get(session)!.userId, 'GB', 'GBP', new Date());
  return quote.ok ? quote.total_minor : 0;
}
/** Orders the basket at the total the shopper is shown. */
const place = async (session: string, key: string = randomUUID(), card?: string) =>
  post(checkout.order, session, orderBody(card, 'GB', await quotedTotal(session)), { 'Idempotency-Key': key });
const errorOf = async (response: Response) => apiErrorBodySchema.parse(await response.json()).error;
const artwork = (id: number) => db.selectFrom('artworks').select(['status', 'stock', 'reserved_by', 'reserved_until']).where('id', '=', id).executeTakeFirstOrThrow();
const orderCount = async () => Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const ordersWithoutLines = async () =>
  (await db.selectFrom('orders as o').leftJoin('order_lines as l', 'l.order_id', 'o.id').select('o.id').where('l.id', 'is', null).execute()).length;

describe('POST /api/checkout/', () => {
  it('asks a visitor to sign in', async () => {
    const response = await start('not-a-session');
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('not_signed_in');
  });

  it('quotes shipping to the country and reserves the originals for the shopper, shown as reserved to others', async () => {
    const me = await shopper();
    const other = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await addToBasket(other.session, { artwork: work.slug });
    const response = await start(me.session);
    expect(response.status, await response.clone().text()).toBe(200);
    const quote = checkoutQuoteSchema.parse(await response.json());
    const rate = await db.selectFrom('shipping_rates as r').innerJoin('artworks as w', 'w.shipping_profile_id', 'r.profile_id').select('r.cost_minor').where('w.id', '=', work.id).where('r.destination', '=', 'GB').executeTakeFirstOrThrow();
    expect(quote).toMatchObject({ destination: 'GB', shipping_minor: rate.cost_minor, total_minor: quote.subtotal_minor + rate.cost_minor });
    expect(Date.parse(quote.reserved_until!) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await artwork(work.id)).toMatchObject({ status: 'reserved', reserved_by: me.userId });

    const othersBasket = await (await basket.GET(new NextRequest('http://shop.test/api/basket-next/', { headers: { Cookie: `sessionid=${other.session}` } }))).json();
    expect(othersBasket.items[0].problem).toBe('reserved');
    const refused = await start(other.session);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'reserved', message: `“${work.title}” is reserved by another shopper who is checking out.` });
  });

  it('refuses an empty basket and a country the work does not ship to, reserving nothing', async () => {
    const me = await shopper();
    expect((await errorOf(await start(me.session))).code).toBe('empty_basket');
    const work = takeWork();
    const shipsTo = (await db.selectFrom('shipping_rates as r').innerJoin('artworks as w', 'w.shipping_profile_id', 'r.profile_id').select('r.destination').where('w.id', '=', work.id).execute()).map((r) => r.destination);
    // Countries few works ship to, with the name the refusal gives each.
    const [nowhere, name] = Object.entries({ JP: 'Japan', MX: 'Mexico', SG: 'Singapore', IL: 'Israel', KE: 'Kenya' }).find(([c]) => !shipsTo.includes(c))!;
    await addToBasket(me.session, { artwork: work.slug });
    const refused = await start(me.session, nowhere);
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toEqual({ code: 'not_shipped', param: 'country', message: `“${work.title}” cannot be shipped to ${name}.` });
    expect((await artwork(work.id)).status).toBe('available');
  });
});

describe('POST /api/checkout/order/', () => {
  it('sells the original, takes the print copies, empties the basket and lists the order in the history', async () => {
    const me = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await addToBasket(me.session, { artwork: work.slug, print: work.print });
    await addToBasket(me.session, { artwork: work.slug, print: work.print });
    await post('/api/basket-next/promo/', me.session, { code: 'WELCOME10' });
    expect((await start(me.session)).status).toBe(200);

    const response = await place(me.session);
    expect(response.status, await response.clone().text()).toBe(201);
    const { order } = (await response.json()) as { order: unknown };
    const placed = orderViewSchema.parse(order);
    expect(placed).toMatchObject({
      status: 'paid', currency: 'GBP', payment_reference: expect.stringMatching(/^sim_/),
      ship_to: { name: 'Ada Lovelace', address: '12 St James’s Square\nLondon SW1Y 4JH', country: 'GB' },
    });
    expect(placed.lines.map((l) => [l.slug, l.size_label, l.quantity])).toEqual([[work.slug, null, 1], [work.slug, expect.any(String), 2]]);
    expect(placed.discount_minor).toBe(Math.round(placed.subtotal_minor / 1000) * 100);
    expect(placed.total_minor).toBe(placed.subtotal_minor - placed.discount_minor + placed.shipping_minor);

    expect(await artwork(work.id)).toEqual({ status: 'sold', stock: 0, reserved_by: null, reserved_until: null });
    expect((await db.selectFrom('print_editions').select('remaining').where('id', '=', work.printId).executeTakeFirstOrThrow()).remaining).toBe(work.remaining - 2);
    const changes = await db.selectFrom('catalogue_changes').select('id').where('artwork_id', '=', work.id).execute();
    expect(changes.length).toBeGreaterThan(0);
    const emptied = await (await basket.GET(new NextRequest('http://shop.test/api/basket-next/', { headers: { Cookie: `sessionid=${me.session}` } }))).json();
    expect(emptied).toMatchObject({ count: 0, promo: null });

    // The address goes in the shopper's address book.
    const book = await (await addresses.GET(new NextRequest('http://shop.test/api/account/addresses/', { headers: { Cookie: `sessionid=${me.session}` } }))).json();
    expect(book.results).toEqual([{ id: expect.any(Number), name: 'Ada Lovelace', line1: '12 St James’s Square', line2: null, city: 'London', region: null, postcode: 'SW1Y 4JH', country: 'GB' }]);
    expect((await addresses.GET(new NextRequest('http://shop.test/api/account/addresses/'))).status).toBe(401);

    const listed = await (await history(new NextRequest('http://shop.test/api/account/orders/', { headers: { Cookie: `sessionid=${me.session}` } }))).json();
    expect(listed.results).toEqual([order]);
    expect((await history(new NextRequest('http://shop.test/api/account/orders/'))).status).toBe(401);
  });

  it('refuses a declined card with the reason, releases the original and writes no order', async () => {
    const me = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await start(me.session);
    const before = await orderCount();
    const key = randomUUID();
    const declined = await place(me.session, key, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(await errorOf(declined)).toEqual({ code: 'payment_declined', message: 'Your card was declined. Please try another card.', param: 'card' });
    expect(await orderCount()).toBe(before);
    expect(await artwork(work.id)).toMatchObject({ status: 'available', reserved_by: null });
    // The key keeps its answer; a new attempt uses a new key.
    expect((await place(me.session, key)).status).toBe(402);
    expect((await place(me.session)).status).toBe(201);
  });

  it('refuses the checkout of a work sold meanwhile, and prints beyond the copies left', async () => {
    const me = await shopper();
    const rival = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await addToBasket(rival.session, { artwork: work.slug });
    expect((await place(rival.session)).status).toBe(201);
    const refused = await place(me.session);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({ code: 'sold', message: `“${work.title}” has just been sold.` });

    const printWork = takeWork();
    const later = await shopper();
    await addToBasket(later.session, { artwork: printWork.slug, print: printWork.print });
    await db.updateTable('print_editions').set({ remaining: 0 }).where('id', '=', printWork.printId).execute();
    const soldOut = await place(later.session);
    expect(soldOut.status).toBe(409);
    expect((await errorOf(soldOut)).code).toBe('sold_out');
    expect((await db.selectFrom('print_editions').select('remaining').where('id', '=', printWork.printId).executeTakeFirstOrThrow()).remaining).toBe(0);
  });

  it.each([
    ['no Idempotency-Key', {}, orderBody(), 'Idempotency-Key'],
    ['a short Idempotency-Key', { 'Idempotency-Key': 'abc' }, orderBody(), 'Idempotency-Key'],
    ['a card number with letters', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), card: { number: '4242abcd', expiry: '12/30', cvc: '123' } }, 'card.number'],
    ['no first line', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), ship_to: { name: 'A', line1: ' ', city: 'London', postcode: 'N1', country: 'GB' } }, 'ship_to.line1'],
    ['no city', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), ship_to: { name: 'A', line1: 'B', postcode: 'N1', country: 'GB' } }, 'ship_to.city'],
    ['no postcode where the country has them', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), ship_to: { name: 'A', line1: 'B', city: 'Paris', country: 'FR' } }, 'ship_to.postcode'],
    ['a postcode of another country', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), ship_to: { name: 'A', line1: 'B', city: 'Paris', postcode: 'SW1Y 4JH', country: 'FR' } }, 'ship_to.postcode'],
    ['an unknown country', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), ship_to: { name: 'A', line1: 'B', city: 'C', postcode: '1', country: 'XX' } }, 'ship_to.country'],
    ['an expiry without its slash', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), card: { number: TEST_CARDS.accepted, expiry: '1230', cvc: '123' } }, 'card.expiry'],
    ['a card past its expiry', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), card: { number: TEST_CARDS.accepted, expiry: '01/20', cvc: '123' } }, 'card.expiry'],
    ['no security code', { 'Idempotency-Key': randomUUID() }, { ...orderBody(), card: { number: TEST_CARDS.accepted, expiry: '12/30' } }, 'card.cvc'],
  ])('refuses %s with 400 naming it', async (_name, headers, body, param) => {
    const me = await shopper();
    const response = await post(checkout.order, me.session, body, headers);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).param).toBe(param);
  });

  it.each([
    ['card.expiry', { number: TEST_CARDS.accepted, expiry: '1230', cvc: '123' }, 'Enter the expiry as MM/YY, as it is printed on the card.'],
    ['card.expiry', { number: TEST_CARDS.accepted, expiry: '01/20', cvc: '123' }, 'This card has expired: check the expiry date, or use another card.'],
    ['card.number', { number: '4242', expiry: '12/30', cvc: '123' }, 'Enter the card number as it is printed on the card: 12 to 19 digits.'],
    ['card.cvc', { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '1' }, 'Enter the security code: the 3 or 4 digits on the back of the card.'],
  ])('words the refusal of %s as a person would: %j', async (param, card, message) => {
    const me = await shopper();
    const response = await post(checkout.order, me.session, { ...orderBody(), card }, { 'Idempotency-Key': randomUUID() });
    expect(await errorOf(response)).toEqual({ code: 'invalid_parameter', message, param });
  });

  it('words an address refusal as what to enter', async () => {
    const me = await shopper();
    const response = await post(checkout.order, me.session, { ...orderBody(), ship_to: { name: 'A', line1: 'B', city: 'Paris', country: 'FR' } }, { 'Idempotency-Key': randomUUID() });
    expect(await errorOf(response)).toEqual({ code: 'invalid_parameter', message: 'Enter the postcode: addresses in this country have one.', param: 'ship_to.postcode' });
  });

  it('refuses a key another shopper used', async () => {
    const [me, other] = [await shopper(), await shopper()];
    const key = randomUUID();
    await addToBasket(me.session, { artwork: takeWork().slug });
    expect((await place(me.session, key)).status).toBe(201);
    const reused = await place(other.session, key);
    expect(reused.status).toBe(409);
    expect((await errorOf(reused)).code).toBe('conflict');
  });

  it('a retry with the same key and another body replays the order and writes nothing, its address not kept', async () => {
    const me = await shopper();
    const key = randomUUID();
    await addToBasket(me.session, { artwork: takeWork().slug });
    const first = await place(me.session, key);
    expect(first.status).toBe(201);
    const elsewhere = { ...orderBody(), ship_to: { name: 'Mallory', line1: '1 Elsewhere Road', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' } };
    const replayed = await post(checkout.order, me.session, elsewhere, { 'Idempotency-Key': key });
    expect(replayed.status).toBe(201);
    expect(await replayed.json()).toEqual(await first.json());
    const book = await (await addresses.GET(new NextRequest('http://shop.test/api/account/addresses/', { headers: { Cookie: `sessionid=${me.session}` } }))).json();
    expect(book.results.map((a: { name: string; line1: string }) => [a.name, a.line1])).toEqual([['Ada Lovelace', '12 St James’s Square']]);
  });
});

describe('under concurrency', () => {
  it('sells an original once: 50 shoppers checking it out at once get one order and 49 clear refusals', async () => {
    const work = takeWork();
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper()));
    for (const s of shoppers) await addToBasket(s.session, { artwork: work.slug });
    const before = await orderCount();
    const answers = await Promise.all(shoppers.map(async (s) => {
      await start(s.session);
      const response = await place(s.session);
      return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
    }));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refusals = answers.filter((a) => a.status !== 201);
    expect(refusals).toHaveLength(49);
    for (const r of refusals) {
      expect(r.status).toBe(409);
      expect(['sold', 'reserved']).toContain(r.body.error?.code);
      expect(r.body.error?.message).toContain(work.title);
    }
    expect(await orderCount()).toBe(before + 1);
    expect(await artwork(work.id)).toMatchObject({ status: 'sold', stock: 0, reserved_by: null });
    expect(await ordersWithoutLines()).toBe(0);
  });

  it('places one order for 50 simultaneous retries of one key, all answered alike', async () => {
    const me = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await addToBasket(me.session, { artwork: work.slug, print: work.print });
    const before = await orderCount();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, async () => {
      const response = await place(me.session, key);
      return `${response.status} ${await response.text()}`;
    }));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^201 /);
    expect(await orderCount()).toBe(before + 1);
    expect((await db.selectFrom('print_editions').select('remaining').where('id', '=', work.printId).executeTakeFirstOrThrow()).remaining).toBe(work.remaining - 1);
    expect(await ordersWithoutLines()).toBe(0);
  });

  it('sends one receipt per order through the outbox, with its lines, the total charged, the delivery estimate and the order number, however often it is retried', async () => {
    const me = await shopper();
    const { email } = await db.selectFrom('users').select('email').where('id', '=', me.userId).executeTakeFirstOrThrow();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await addToBasket(me.session, { artwork: work.slug, print: work.print });
    const key = randomUUID();
    const first = await place(me.session, key);
    expect(first.status).toBe(201);
    const { order } = z.object({ order: orderViewSchema }).parse(await first.json());
    const retries = await Promise.all(Array.from({ length: 5 }, () => place(me.session, key)));
    expect(retries.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);

    const mail = await getMailTo(db, email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Your Easel order ${order.id}`);
    const body = mail[0]!.body;
    expect(body).toContain(`Order number ${order.id}`);
    expect(body).toContain(`${work.title} by `);
    expect(body).toMatch(/\(Original\): £[\d,]+\n  Arrives \d/);
    expect(body).toMatch(/ print\): £[\d,]+\n  Arrives \d/);
    expect(body).toContain(`Total charged to your card: ${formatPrice(order.total_minor, 'GBP')}`);
    expect(body).toContain('Shipping to:\nAda Lovelace\n12 St James’s Square\nLondon SW1Y 4JH\nUnited Kingdom');
    // Sent once: the outbox holds it as sent.
    expect(await db.selectFrom('outbox').select('sent_at').where('to_email', '=', email).executeTakeFirstOrThrow()).toEqual({ sent_at: expect.any(String) });
  });

  it('sends no receipt for a declined card', async () => {
    const me = await shopper();
    const { email } = await db.selectFrom('users').select('email').where('id', '=', me.userId).executeTakeFirstOrThrow();
    await addToBasket(me.session, { artwork: takeWork().slug });
    expect((await place(me.session, randomUUID(), TEST_CARDS.declined)).status).toBe(402);
    expect(await getMailTo(db, email)).toEqual([]);
  });

  it('leaves nothing reserved after declined payments', async () => {
    const work = takeWork();
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopper()));
    for (const s of shoppers) await addToBasket(s.session, { artwork: work.slug });
    const answers = await Promise.all(shoppers.map((s) => place(s.session, randomUUID(), TEST_CARDS.declined)));
    expect(answers.map((a) => a.status).sort()).toEqual([402, 402, 402, 402, 402]);
    expect(await artwork(work.id)).toMatchObject({ status: 'available', reserved_by: null, reserved_until: null });
  });
});

describe('the total charged is the total quoted', () => {
  /** The artist of a work, signed in: their session. */
  async function artistOf(workId: number): Promise<string> {
    const { artist_id } = await db.selectFrom('artworks').select('artist_id').where('id', '=', workId).executeTakeFirstOrThrow();
    const { session, userId } = await shopper();
    await db.updateTable('users').set({ role: 'provider', artist_id }).where('id', '=', userId).execute();
    return session;
  }
  const repriced = async (session: string, slug: string, price_minor: number) =>
    edit(new NextRequest(`http://shop.test/api/product/edit/?slug=${slug}`, {
      method: 'PATCH', body: JSON.stringify({ price_minor }), headers: { 'content-type': 'application/json', cookie: `sessionid=${session}` },
    }));

  it('an artist re-pricing a work held at checkout is refused, and the order charges the quoted total', async () => {
    const me = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    const quote = checkoutQuoteSchema.parse(await (await start(me.session)).json());

    const refused = await repriced(await artistOf(work.id), work.slug, 5_000_000);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'conflict', param: 'price_minor' });

    const key = randomUUID();
    const response = await post(checkout.order, me.session, orderBody(TEST_CARDS.accepted, 'GB', quote.total_minor), { 'Idempotency-Key': key });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(orderViewSchema.parse(((await response.json()) as { order: unknown }).order).total_minor).toBe(quote.total_minor);
    expect(await ledger.find(key)).toMatchObject({ amount_minor: quote.total_minor, currency: 'GBP', outcome: 'charged' });
  });

  it('a total changed since the quote (a rate, a promo, a price) is a 409 with the new total, and nothing is charged', async () => {
    const me = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    const quote = checkoutQuoteSchema.parse(await (await start(me.session)).json());
    // The basket changes under the quote: a promo code takes 10% off.
    await post('/api/basket-next/promo/', me.session, { code: 'WELCOME10' });
    const now = await quotedTotal(me.session);
    expect(now).toBeLessThan(quote.total_minor);

    const key = randomUUID();
    const before = await orderCount();
    const response = await post(checkout.order, me.session, orderBody(TEST_CARDS.accepted, 'GB', quote.total_minor), { 'Idempotency-Key': key });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string; total_minor: number; currency: string } };
    expect(body.error).toMatchObject({ code: 'quote_changed', total_minor: now, currency: 'GBP' });
    expect(body.error.message).toContain('Nothing was charged');
    expect(await ledger.find(key)).toBeUndefined();
    expect(await orderCount()).toBe(before);
    // Accepting the new total places the order.
    expect((await post(checkout.order, me.session, orderBody(TEST_CARDS.accepted, 'GB', now), { 'Idempotency-Key': randomUUID() })).status).toBe(201);
  });
});

describe('holds are bounded', () => {
  const holdsOf = async (userId: number) =>
    Number((await db.selectFrom('artworks').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'reserved').where('reserved_by', '=', userId).executeTakeFirstOrThrow()).n);

  it(`one account holds at most ${HOLD_LIMIT} originals at once`, async () => {
    const me = await shopper();
    for (let i = 0; i <= HOLD_LIMIT; i++) await addToBasket(me.session, { artwork: takeWork().slug });
    const refused = await start(me.session);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('hold_limit');
    expect(await holdsOf(me.userId)).toBe(0);
  });

  it(`one address holds at most ${HOLD_LIMIT} originals at once, whichever accounts ask`, async () => {
    const address = '127.2.0.1';
    const accounts = await Promise.all(Array.from({ length: HOLD_LIMIT + 1 }, () => shopper()));
    const answers: number[] = [];
    for (const a of accounts) {
      await addToBasket(a.session, { artwork: takeWork().slug });
      answers.push((await post(checkout.start, a.session, { country: 'GB', currency: 'GBP' }, { 'X-Forwarded-For': address })).status);
    }
    expect(answers).toEqual([...Array(HOLD_LIMIT).fill(200), 409]);
  });

  it('a re-quote keeps the first expiry', async () => {
    const me = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await start(me.session);
    const first = (await artwork(work.id)).reserved_until;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = checkoutQuoteSchema.parse(await (await start(me.session)).json());
    expect(again.reserved_until).toBe(first);
    expect((await artwork(work.id)).reserved_until).toBe(first);
  });

  it('removing the work from the basket releases its hold', async () => {
    const me = await shopper();
    const work = takeWork();
    await addToBasket(me.session, { artwork: work.slug });
    await start(me.session);
    const { items } = (await (await basket.GET(new NextRequest('http://shop.test/api/basket-next/', { headers: { Cookie: `sessionid=${me.session}` } }))).json()) as { items: { line_id: number }[] };
    const removed = await basket.DELETE(new NextRequest(`http://shop.test/api/basket-next/?line=${items[0]!.line_id}`, {
      method: 'DELETE', headers: { Cookie: `sessionid=${me.session}` },
    }));
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect(await artwork(work.id)).toMatchObject({ status: 'available', reserved_by: null, reserved_until: null });
  });

  it('signing out releases every hold', async () => {
    const me = await shopper();
    const works = [takeWork(), takeWork()];
    for (const w of works) await addToBasket(me.session, { artwork: w.slug });
    await start(me.session);
    expect(await holdsOf(me.userId)).toBe(2);
    const out = await account.logout(new NextRequest('http://shop.test/api/account/logout/', { method: 'POST', headers: { Cookie: `sessionid=${me.session}` } }));
    expect(out.status).toBe(200);
    expect(await holdsOf(me.userId)).toBe(0);
    for (const w of works) expect(await artwork(w.id)).toMatchObject({ status: 'available' });
  });
});

describe('promo codes', () => {
  const applyCode = (session: string, code: string) => post('/api/basket-next/promo/', session, { code });
  const discountOf = async (response: Response) => orderViewSchema.parse(((await response.json()) as { order: unknown }).order).discount_minor;
  const sessionCookie = (response: Response) => {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sessionid='))!;
    return cookie.slice('sessionid='.length, cookie.indexOf(';'));
  };
  let guests = 0;
  /** A visitor checking out as a guest under `email`, bringing the basket of `visitor` (their session so far). */
  async function guest(email: string, visitor?: string) {
    guests += 1;
    const address = `127.2.${guests >> 8}.${guests & 255}`;
    const response = await call(new NextRequest('http://shop.test/api/account/guest/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...(visitor ? { Cookie: `sessionid=${visitor}` } : {}) },
      body: JSON.stringify({ email }),
    }));
    expect(response.status, await response.clone().text()).toBe(201);
    const session = sessionCookie(response);
    const { user_id } = await db.selectFrom('sessions').select('user_id').where('id_hash', '=', sessionHash(session)).executeTakeFirstOrThrow();
    shoppers.set(session, { userId: user_id!, address });
    return { session, userId: user_id! };
  }
  /** Available originals shipping to GB, from the far end of the catalogue to the pool's: one for each order here. */
  let originals: string[];
  beforeAll(async () => {
    originals = (await db
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', 'GB'))
      .select('w.slug')
      .where('w.status', '=', 'available')
      .orderBy('w.id', 'desc')
      .limit(20)
      .execute()).map((w) => w.slug);
  });
  const takeOriginal = () => ({ artwork: originals.shift()! });
  const emailOf = async (userId: number) => (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

  it('takes WELCOME10 off one order per customer: not again for the account, nor for a new guest giving its email in capitals', async () => {
    const me = await shopper();
    await addToBasket(me.session, takeOriginal());
    expect((await applyCode(me.session, 'WELCOME10')).status).toBe(200);
    const first = await place(me.session);
    expect(first.status).toBe(201);
    expect(await discountOf(first)).toBeGreaterThan(0);

    await addToBasket(me.session, takeOriginal());
    const again = await applyCode(me.session, 'welcome10');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toEqual({
      code: 'used_promo', message: 'The code WELCOME10 works once per customer, and it has been used on an earlier order of yours.', param: 'code',
    });
    // Other codes work on every order.
    expect((await applyCode(me.session, 'FIVEOFF')).status).toBe(200);

    const newGuest = await guest((await emailOf(me.userId)).toUpperCase());
    await addToBasket(newGuest.session, takeOriginal());
    expect(await errorOf(await applyCode(newGuest.session, 'WELCOME10'))).toMatchObject({ code: 'used_promo', param: 'code' });
  });

  it('a code a visitor brings to a guest checkout under an email that spent it takes nothing off, in the basket, the quote and the charge', async () => {
    const email = `spent-${randomUUID()}@example.com`;
    const before = await guest(email);
    await addToBasket(before.session, takeOriginal());
    await applyCode(before.session, 'WELCOME10');
    expect(await discountOf(await place(before.session))).toBeGreaterThan(0);

    const added = await call(new NextRequest('http://shop.test/api/basket-next/', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(takeOriginal()),
    }));
    const visitor = sessionCookie(added);
    const visiting = await call(new NextRequest('http://shop.test/api/basket-next/promo/', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: `sessionid=${visitor}` }, body: JSON.stringify({ code: 'WELCOME10' }),
    }));
    expect(basketViewSchema.parse(await visiting.json())).toMatchObject({ promo: { code: 'WELCOME10', used: false }, discount_minor: expect.any(Number) });

    const again = await guest(email, visitor);
    const basketNow = basketViewSchema.parse(await (await basket.GET(new NextRequest('http://shop.test/api/basket-next/', { headers: { Cookie: `sessionid=${again.session}` } }))).json());
    expect(basketNow).toMatchObject({ promo: { code: 'WELCOME10', used: true }, discount_minor: 0 });
    const quote = checkoutQuoteSchema.parse(await (await start(again.session)).json());
    expect(quote).toMatchObject({ promo: { used: true }, discount_minor: 0 });
    const key = randomUUID();
    const order = await post(checkout.order, again.session, orderBody(TEST_CARDS.accepted, 'GB', quote.total_minor), { 'Idempotency-Key': key });
    expect(order.status).toBe(201);
    expect(await discountOf(order)).toBe(0);
    expect(await ledger.find(key)).toMatchObject({ amount_minor: quote.total_minor, outcome: 'charged' });
  });

  it('of eight orders placed at once by one customer under eight guest checkouts, one takes the code off and the others are refused uncharged', async () => {
    const email = `racing-${randomUUID()}@example.com`;
    const racers = [];
    for (let i = 0; i < 8; i++) {
      const racer = await guest(i % 2 === 0 ? email : email.toUpperCase());
      await addToBasket(racer.session, takeOriginal());
      expect((await applyCode(racer.session, 'WELCOME10')).status).toBe(200);
      racers.push({ ...racer, total: await quotedTotal(racer.session), key: randomUUID() });
    }
    const answers = await Promise.all(racers.map((r) =>
      post(checkout.order, r.session, orderBody(TEST_CARDS.accepted, 'GB', r.total), { 'Idempotency-Key': r.key })));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(1);
    expect(await discountOf(placed[0]!)).toBeGreaterThan(0);
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 201) continue;
      expect(answer.status).toBe(409);
      // The new total is the full price: the code no longer takes anything off.
      expect(((await answer.json()) as { error: unknown }).error).toMatchObject({ code: 'quote_changed', total_minor: await quotedTotal(racers[i]!.session) });
      expect(await quotedTotal(racers[i]!.session)).toBeGreaterThan(racers[i]!.total);
      expect(await ledger.find(racers[i]!.key)).toBeUndefined();
    }
    expect(await db.selectFrom('promo_redemptions').select('code').where('customer_email', '=', email).execute()).toEqual([{ code: 'WELCOME10' }]);
  });

  it('a declined card gives the code back for the next order', async () => {
    const me = await shopper();
    await addToBasket(me.session, takeOriginal());
    await applyCode(me.session, 'WELCOME10');
    expect((await place(me.session, randomUUID(), TEST_CARDS.declined)).status).toBe(402);
    const placed = await place(me.session);
    expect(placed.status).toBe(201);
    expect(await discountOf(placed)).toBeGreaterThan(0);
  });
});
