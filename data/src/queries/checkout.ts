import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { priceBasket, type PricedBasket } from '@easel/shared/pricing';
import { inTransaction, inTurn } from '../db';
import type { Database, OrdersTable } from '../schema';
import type { Currency } from '@easel/shared/vocabulary';
import { getAccountUser } from './accounts';
import {
  discountOf, getBasket, promoCustomer, releaseReservations, spendPromoCode, unspendPromoCode, type BasketContents, type BasketItem,
} from './basket';
import { recordCatalogueChanges } from './change-log';
import { queueMail, type Mail } from './outbox';
import { getRateMatrix, shippingCostTo } from './search-source';

/**
 * Checkout: reserving the basket's originals, placing the order once per idempotency key, the
 * order history, and the sweep that lets lapsed reservations go.
 */

type Queries = Kysely<Database>;

/** How long starting a checkout holds the basket's originals for the shopper. */
export const RESERVATION_MS = 15 * 60_000;
/**
 * How long after its charge an order request can still become an order: the hold on its originals.
 * A retry with the key of an older charge is refused (`payment_refunded`) whatever the works'
 * state, and the charge is left to the refund sweep (queries/refunds.ts), which waits longer.
 */
export const CHARGE_ORDER_WINDOW_MS = RESERVATION_MS;
/** The most originals one account, and one client address, may hold in checkouts at once. */
export const HOLD_LIMIT = 5;

/** Who takes a hold: the signed-in shopper, from their client address. */
export interface Holder {
  userId: number;
  address: string;
}

export type CheckoutRefusal =
  | { reason: 'empty_basket' }
  | { reason: 'hold_limit'; limit: number }
  | { reason: 'sold' | 'unavailable' | 'reserved'; title: string; line_id: number }
  | { reason: 'sold_out'; title: string; size_label: string; remaining: number; line_id: number }
  | { reason: 'not_shipped'; title: string; country: string };

export interface CheckoutQuote extends PricedBasket, BasketContents {
  destination: string;
}

export interface ShipTo {
  name: string;
  address: string;
  country: string;
}

/** A placed order as its confirmation and the order history show it; amounts in its currency. */
export interface OrderView {
  id: number;
  status: OrdersTable['status'];
  currency: Currency;
  subtotal_minor: number;
  shipping_minor: number;
  discount_minor: number;
  total_minor: number;
  ship_to: ShipTo;
  payment_reference: string | null;
  /** Where the receipt goes. */
  contact_email: string | null;
  created_at: string;
  lines: {
    artwork_id: number;
    slug: string;
    title: string;
    artist_name: string;
    /** Null for the original. */
    size_label: string | null;
    quantity: number;
    unit_price_minor: number;
  }[];
}

/**
 * What shipping a basket's works to `destination` costs, in GBP minor units, one charge per
 * work (an original and its prints travel together from the same studio); or the title of the
 * first work that does not ship there: ([original 7, print of 7, original 9], 'FR') -> [4000, 0].
 */
export function shippingCosts(items: readonly BasketItem[], destination: string): number[] | { not_shipped: string } {
  const costs: number[] = [];
  const seen = new Set<number>();
  for (const { artwork } of items) {
    if (seen.has(artwork.id)) continue;
    seen.add(artwork.id);
    const cost = shippingCostTo(artwork, destination);
    if (cost === undefined) return { not_shipped: artwork.title };
    costs.push(cost);
  }
  return costs;
}

/**
 * The user's basket priced for shipping to `destination` in `currency`, or the first reason it
 * cannot be bought: empty, a line sold, reserved by someone else or sold out, a work that does
 * not ship there. Shipping is charged once per artwork: an original and its prints travel from
 * the same studio.
 */
export async function quoteCheckout(
  db: Queries,
  userId: number,
  destination: string,
  currency: Currency,
  now: Date,
): Promise<({ ok: true } & CheckoutQuote) | ({ ok: false } & CheckoutRefusal)> {
  const { items, promo } = await getBasket(db, { userId }, now.toISOString());
  if (items.length === 0) return { ok: false, reason: 'empty_basket' };
  for (const item of items) {
    const { problem, artwork, print, line_id } = item;
    if (problem === 'sold_out') return { ok: false, reason: problem, title: artwork.title, size_label: print!.size_label, remaining: print!.remaining, line_id };
    if (problem) return { ok: false, reason: problem, title: artwork.title, line_id };
  }
  const shippingGbp = shippingCosts(items, destination);
  if (!Array.isArray(shippingGbp)) return { ok: false, reason: 'not_shipped', title: shippingGbp.not_shipped, country: destination };
  const priced = priceBasket(
    items.map((i) => ({ unit_gbp_minor: i.unit_price_minor, quantity: i.quantity })),
    discountOf({ promo }),
    shippingGbp,
    currency,
    await getRateMatrix(db),
  );
  return { ok: true, ...priced, destination, promo, items };
}

const originalsOf = (items: BasketItem[]) => items.filter((i) => i.print === null).map((i) => i.artwork.id);

/** How many live holds an account or an address has on originals other than `except`. */
async function liveHolds(trx: Queries, column: 'reserved_by' | 'reserved_from', value: number | string, except: number[], now: string): Promise<number> {
  let query = trx
    .selectFrom('artworks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'reserved')
    .where('reserved_until', '>=', now)
    .where(column, '=', value);
  if (except.length > 0) query = query.where('id', 'not in', except);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Holds each original in `artworkIds` for the holder until `until`, with one conditional UPDATE:
 * only a work that is available, already theirs, or whose reservation has lapsed is taken. A
 * hold the holder already has keeps its first expiry, so quoting again never extends it. Refused
 * whole when the account or the address would hold more than HOLD_LIMIT originals. Every work
 * taken is recorded for the indexer (reserved works leave the gallery).
 */
async function holdOriginals(trx: Transaction<Database>, holder: Holder, artworkIds: number[], now: Date): Promise<{ ok: true } | { ok: false; reason: 'hold_limit'; limit: number }> {
  if (artworkIds.length === 0) return { ok: true };
  const at = now.toISOString();
  const beyond = async (column: 'reserved_by' | 'reserved_from', value: number | string) =>
    (await liveHolds(trx, column, value, artworkIds, at)) + artworkIds.length > HOLD_LIMIT;
  if ((await beyond('reserved_by', holder.userId)) || (await beyond('reserved_from', holder.address))) {
    return { ok: false, reason: 'hold_limit', limit: HOLD_LIMIT };
  }
  const until = new Date(now.getTime() + RESERVATION_MS).toISOString();
  const ownLiveHold = (eb: ExpressionBuilder<Database, 'artworks'>) =>
    eb.and([eb('status', '=', 'reserved'), eb('reserved_by', '=', holder.userId), eb('reserved_until', '>=', at)]);
  const claimed = await trx
    .updateTable('artworks')
    .set((eb) => ({
      status: 'reserved',
      reserved_until: eb.case().when(ownLiveHold(eb)).then(eb.ref('reserved_until')).else(until).end(),
      reserved_by: holder.userId,
      reserved_from: holder.address,
      updated_at: at,
    }))
    .where('id', 'in', artworkIds)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'available'),
        eb.and([
          eb('status', '=', 'reserved'),
          eb.or([eb('reserved_by', '=', holder.userId), eb.and([eb('reserved_until', 'is not', null), eb('reserved_until', '<', at)])]),
        ]),
      ]),
    )
    .returning('id')
    .execute();
  // The quote found each original free to take inside this same write transaction.
  if (claimed.length !== artworkIds.length) throw new Error('An original could not be reserved after it was found free.');
  await recordCatalogueChanges(trx, claimed.map((c) => c.id), at);
  return { ok: true };
}

/** The works in the user's basket: checkouts that would hold or sell the same works take turns (inTurn). */
const basketWorks = (userId: number) => async (db: Queries) =>
  (await db.selectFrom('baskets as b').innerJoin('basket_lines as l', 'l.basket_id', 'b.id').select('l.artwork_id').where('b.user_id', '=', userId).execute())
    .map((line) => line.artwork_id);

/**
 * Starts a checkout: quotes the basket to `destination` and holds its originals for
 * RESERVATION_MS (or until an earlier hold of the shopper's on them ends), all in one
 * transaction, so a refusal holds nothing. `reserved_until` is when the first hold ends.
 */
export async function startCheckout(
  db: Queries,
  holder: Holder,
  order: { destination: string; currency: Currency },
  now: Date,
): Promise<({ ok: true; reserved_until: string | null } & CheckoutQuote) | ({ ok: false } & CheckoutRefusal)> {
  return inTurn(db, basketWorks(holder.userId), (db) => inTransaction(db, async (trx) => {
    const quote = await quoteCheckout(trx, holder.userId, order.destination, order.currency, now);
    if (!quote.ok) return quote;
    const originals = originalsOf(quote.items);
    const held = await holdOriginals(trx, holder, originals, now);
    if (!held.ok) return held;
    const first = originals.length === 0 ? undefined : await trx
      .selectFrom('artworks').select((eb) => eb.fn.min('reserved_until').as('until')).where('id', 'in', originals).executeTakeFirstOrThrow();
    return { ...quote, reserved_until: first?.until ?? null };
  }));
}

/** A payment taken (its reference, and when the provider first charged it: a retry's answer is the first charge's) or refused. */
export type PaymentOutcome = { ok: true; reference: string; charged_at: string } | { ok: false; reason: string };

/** What placing an order came to, before the caller words it as an HTTP answer. */
export type PlaceOrderOutcome =
  | { ok: true; order: OrderView }
  | ({ ok: false } & CheckoutRefusal)
  | { ok: false; reason: 'quote_changed'; total_minor: number; currency: Currency }
  | { ok: false; reason: 'payment_declined'; message: string }
  | { ok: false; reason: 'payment_refunded' };

/** An order request: who orders, once per key, to where, and the total they were quoted and accept. */
export interface OrderRequest {
  holder: Holder;
  idempotencyKey: string;
  shipTo: ShipTo;
  currency: Currency;
  /** The quoted total the shopper accepts, in minor units of `currency`: nothing else is ever charged. */
  quotedTotalMinor: number;
}

export interface StoredAnswer {
  status: number;
  /** JSON, exactly as first sent. */
  body: string;
}

/** Where each line of an order comes from and how long its artist takes to send it: its delivery estimate. */
export interface Shipment {
  ships_from: string;
  dispatch_days: number;
}

/** A payment to take: this amount of this currency, charged at most once for the key. */
export interface PaymentRequest {
  amountMinor: number;
  currency: Currency;
  idempotencyKey: string;
}

/** The caller's parts of placing an order: taking the payment, wording the answer, writing the receipt. */
export interface OrderSteps {
  pay: (payment: PaymentRequest) => Promise<PaymentOutcome>;
  answer: (outcome: PlaceOrderOutcome) => StoredAnswer;
  /** The receipt for a placed order; `shipments` follow its lines. */
  receipt: (order: OrderView, shipments: Shipment[]) => Mail;
}

/**
 * Places the user's basket as an order, once per idempotency key. In one write transaction:
 * a key seen before answers what it answered the first time, `replayed` (a retry racing the
 * first request waits for its lock and then reads that answer); otherwise the basket is quoted, and refused
 * with the new total if it is not the total the shopper accepted, its originals held, a
 * once-per-customer promo code written down as spent (see spendPromoCode), the payment taken
 * with the key (so the provider, too, charges once), and
 * then the order and its lines written, originals sold, print editions decremented (never
 * below zero), the basket emptied, the receipt put in the outbox, and the answer stored under
 * the key. A declined payment releases the originals and gives the code back. Anything thrown rolls all of it back: no
 * order without its lines or its receipt, no receipt without its order, no work left reserved by
 * a request that failed. The write lock is held during the payment; the price of never having
 * half an order.
 */
export async function placeOrder(
  db: Queries,
  request: OrderRequest,
  steps: OrderSteps,
  now: Date,
): Promise<(StoredAnswer & { replayed: boolean }) | { reason: 'key_in_use' }> {
  const at = now.toISOString();
  return inTurn(db, basketWorks(request.holder.userId), (db) => inTransaction(db, async (trx) => {
    const seen = await trx.selectFrom('order_requests').selectAll().where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
    if (seen) {
      if (seen.user_id !== request.holder.userId) return { reason: 'key_in_use' as const };
      return { status: seen.answer_status, body: seen.answer_body, replayed: true };
    }
    // A key the refund sweep has taken never becomes an order; its charge is refunded.
    const refunded = await trx.selectFrom('charge_refunds').select('idempotency_key').where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
    const outcome: PlaceOrderOutcome = refunded ? { ok: false, reason: 'payment_refunded' } : await settle(trx, request, steps, now);
    const answer = steps.answer(outcome);
    await trx.insertInto('order_requests').values({
      idempotency_key: request.idempotencyKey, user_id: request.holder.userId, order_id: outcome.ok ? outcome.order.id : null,
      answer_status: answer.status, answer_body: answer.body, created_at: at,
    }).execute();
    return { ...answer, replayed: false };
  }));
}

/** The basket quoted at the time of the order. */
type Quote = { ok: true } & CheckoutQuote;

/**
 * The order's steps, in order. Each refusal returns before anything is charged, except a
 * declined or expired payment, which lets the holds and the promo code go again.
 */
async function settle(trx: Transaction<Database>, request: OrderRequest, { pay, receipt }: OrderSteps, now: Date): Promise<PlaceOrderOutcome> {
  const { holder, currency } = request;
  const quote = await quoteCheckout(trx, holder.userId, request.shipTo.country, currency, now);
  if (!quote.ok) return quote;
  // A price, a shipping charge, a promo or a rate that changed since the quote: nothing is charged.
  if (quote.total_minor !== request.quotedTotalMinor) return { ok: false, reason: 'quote_changed', total_minor: quote.total_minor, currency };
  const originals = originalsOf(quote.items);
  const held = await holdOriginals(trx, holder, originals, now);
  if (!held.ok) return held;
  await spendPromoCodeOnce(trx, quote, request, now);
  const payment = await takePayment(trx, quote, request, originals, pay, now);
  if (!payment.ok) return payment;
  const order = await writeOrder(trx, quote, request, payment.reference, now);
  await sellOriginals(trx, holder.userId, originals, now);
  await takePrints(trx, quote.items);
  await recordWorksChanged(trx, quote.items, now);
  await emptyBasket(trx, holder.userId, now);
  const [view] = await getOrderViews(trx, holder.userId, [order.id]);
  const shipments = quote.items.map(({ artwork }) => ({ ships_from: artwork.ships_from, dispatch_days: artwork.dispatch_days }));
  await queueMail(trx, order.contactEmail, receipt(view!, shipments), now.toISOString());
  return { ok: true, order: view! };
}

/** A once-per-customer promo code is written down as spent by this order (see spendPromoCode). */
async function spendPromoCodeOnce(trx: Transaction<Database>, quote: Quote, request: OrderRequest, now: Date): Promise<void> {
  const discount = discountOf(quote);
  if (discount?.once_per_customer !== 1) return;
  await spendPromoCode(trx, discount.code, await promoCustomer(trx, request.holder.userId), request.idempotencyKey, now.toISOString());
}

/**
 * Charges the quoted total with the request's key, so the provider too charges once. A declined
 * payment, or a charge too old to become an order (its request crashed, and this retry came
 * after the window: left to the refund sweep), lets the originals and the promo code go.
 */
async function takePayment(
  trx: Transaction<Database>,
  quote: Quote,
  request: OrderRequest,
  originals: number[],
  pay: OrderSteps['pay'],
  now: Date,
): Promise<{ ok: true; reference: string } | { ok: false; reason: 'payment_refunded' } | { ok: false; reason: 'payment_declined'; message: string }> {
  const payment = await pay({ amountMinor: quote.total_minor, currency: request.currency, idempotencyKey: request.idempotencyKey });
  if (payment.ok && now.getTime() - Date.parse(payment.charged_at) <= CHARGE_ORDER_WINDOW_MS) return { ok: true, reference: payment.reference };
  await releaseReservations(trx, request.holder.userId, now.toISOString(), originals);
  await unspendPromoCode(trx, request.idempotencyKey);
  return payment.ok ? { ok: false, reason: 'payment_refunded' } : { ok: false, reason: 'payment_declined', message: payment.reason };
}

/** The paid order and its lines; its receipt goes to the account's email, the one it holds or else the one it gave. */
async function writeOrder(trx: Transaction<Database>, quote: Quote, request: OrderRequest, paymentReference: string, now: Date): Promise<{ id: number; contactEmail: string }> {
  const { holder: { userId }, shipTo } = request;
  const buyer = await getAccountUser(trx, userId);
  if (!buyer) throw new Error(`No account ${userId} to order for.`);
  const order = await trx
    .insertInto('orders')
    .values({
      contact_email: buyer.email,
      user_id: userId, idempotency_key: request.idempotencyKey, status: 'paid', currency: request.currency,
      subtotal_minor: quote.subtotal_minor, shipping_minor: quote.shipping_minor, discount_minor: quote.discount_minor, total_minor: quote.total_minor,
      ship_to_name: shipTo.name, ship_to_address: shipTo.address, ship_to_country: shipTo.country,
      payment_reference: paymentReference, created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('order_lines')
    .values(quote.items.map((item, i) => ({
      order_id: order.id, artwork_id: item.artwork.id, print_edition_id: item.print?.id ?? null, quantity: item.quantity,
      unit_price_minor: quote.lines[i]!.unit_minor,
    })))
    .execute();
  return { id: order.id, contactEmail: buyer.email };
}

/** The originals this user holds for the order become sold; one no longer held throws, undoing the order. */
async function sellOriginals(trx: Transaction<Database>, userId: number, originals: number[], now: Date): Promise<void> {
  if (originals.length === 0) return;
  const sold = await trx
    .updateTable('artworks')
    .set({ status: 'sold', stock: 0, reserved_until: null, reserved_by: null, reserved_from: null, updated_at: now.toISOString() })
    .where('id', 'in', originals)
    .where('status', '=', 'reserved')
    .where('reserved_by', '=', userId)
    .executeTakeFirst();
  if (Number(sold.numUpdatedRows) !== originals.length) throw new Error('An original was no longer held for this order.');
}

/** Each print line takes its copies from its edition, never below zero: too few left throws, undoing the order. */
async function takePrints(trx: Transaction<Database>, items: BasketItem[]): Promise<void> {
  for (const item of items) {
    if (!item.print) continue;
    const taken = await trx
      .updateTable('print_editions')
      .set((eb) => ({ remaining: eb('remaining', '-', item.quantity) }))
      .where('id', '=', item.print.id)
      .where('remaining', '>=', item.quantity)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new Error('A print edition had fewer copies left than the order takes.');
  }
}

/** Every ordered work is recorded as changed for the indexer: a print sale can end an edition, which the index shows. */
async function recordWorksChanged(trx: Transaction<Database>, items: BasketItem[], now: Date): Promise<void> {
  const at = now.toISOString();
  const changed = [...new Set(items.map((i) => i.artwork.id))];
  await trx.updateTable('artworks').set({ updated_at: at }).where('id', 'in', changed).where('status', '!=', 'sold').execute();
  await recordCatalogueChanges(trx, changed, at);
}

/** The user's basket is left empty, its promo code with it. */
async function emptyBasket(trx: Transaction<Database>, userId: number, now: Date): Promise<void> {
  const basket = await trx.selectFrom('baskets').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow();
  await trx.deleteFrom('basket_lines').where('basket_id', '=', basket.id).execute();
  await trx.updateTable('baskets').set({ promo_code: null, updated_at: now.toISOString() }).where('id', '=', basket.id).execute();
}

/** The user's orders, newest first (or just those with the given ids). */
export async function getOrderViews(db: Queries, userId: number, ids?: number[]): Promise<OrderView[]> {
  let query = db.selectFrom('orders').selectAll().where('user_id', '=', userId);
  if (ids) query = query.where('id', 'in', ids);
  const orders = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_lines as l')
    .innerJoin('artworks as w', 'w.id', 'l.artwork_id')
    .innerJoin('artists as a', 'a.id', 'w.artist_id')
    .leftJoin('print_editions as p', 'p.id', 'l.print_edition_id')
    .select(['l.order_id', 'l.artwork_id', 'w.slug', 'w.title', 'a.name as artist_name', 'p.size_label', 'l.quantity', 'l.unit_price_minor'])
    .where('l.order_id', 'in', orders.map((o) => o.id))
    .orderBy('l.id')
    .execute();
  return orders.map((o) => ({
    id: o.id,
    status: o.status,
    currency: o.currency,
    subtotal_minor: o.subtotal_minor,
    shipping_minor: o.shipping_minor,
    discount_minor: o.discount_minor,
    total_minor: o.total_minor,
    ship_to: { name: o.ship_to_name, address: o.ship_to_address, country: o.ship_to_country },
    payment_reference: o.payment_reference,
    contact_email: o.contact_email,
    created_at: o.created_at,
    lines: lines.filter((l) => l.order_id === o.id).map(({ order_id: _order, ...line }) => line),
  }));
}

/**
 * The sweep: every checkout reservation that has run out becomes available again, each
 * recorded for the indexer. Reads already treat a lapsed reservation as free; this puts the
 * work back in the gallery. Answers the ids released.
 */
export async function releaseLapsedReservations(db: Queries, now: Date): Promise<number[]> {
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const released = await trx
      .updateTable('artworks')
      .set({ status: 'available', reserved_until: null, reserved_by: null, reserved_from: null, updated_at: at })
      .where('status', '=', 'reserved')
      .where('reserved_until', 'is not', null)
      .where('reserved_until', '<', at)
      .returning('id')
      .execute();
    const ids = released.map((r) => r.id);
    await recordCatalogueChanges(trx, ids, at);
    return ids;
  });
}
