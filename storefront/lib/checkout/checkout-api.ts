import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getOrderViews, placeOrder, startCheckout, type PlaceOrderOutcome, type StoredAnswer } from '@easel/data/queries/checkout';
import { rememberAddress } from '@easel/data/queries/addresses';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { errorBody } from '@easel/shared/api-error-body';
import { sendMail } from '../account/mail';
import { signedInUserId } from '../api/context';
import { ApiError, languageOf, Replayed, wordIn, type ApiEnv } from '../api/errors';
import { json, jsonObject } from '../api/validate';
import { orderViewSchema, type CheckoutQuoteView } from '../basket/basket';
import { describeRefusal } from '../basket/refusals';
import { toBasketView } from '../basket/view';
import { getConfig } from '../config';
import { requestAddress } from '../rate-limits';
import type { Language } from '../i18n/languages';
import type { MessageKey } from '../i18n/messages';
import { countrySchema, currencySchema } from '../settings/settings';
import { addressLines, shippingAddressSchema } from './address';
import { hasExpired } from './card';
import { receiptMail } from './receipt';
import type { PaymentProvider } from './payment';

/**
 * Checkout for signed-in shoppers: POST /api/checkout/ quotes the basket to a country and
 * reserves its originals; POST /api/checkout/order/ places the order once per Idempotency-Key
 * header; GET /api/account/orders/ lists the shopper's orders.
 */

type Dependencies = { getDb: () => Promise<Db>; payments: PaymentProvider };

const MAX_BODY_BYTES = 4096;
const PRIVATE = { 'Cache-Control': 'no-store' };

/** Keys are the client's random UUIDs; anything from 16 to 100 letters, digits, '-' and '_' is accepted. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/);

const startSchema = z.strictObject({ country: countrySchema, currency: currencySchema });

const CARD_NUMBER = 'refusal.cardNumber' satisfies MessageKey;
const EXPIRY = 'refusal.expiry' satisfies MessageKey;
const CVC = 'refusal.cvc' satisfies MessageKey;

const orderSchema = z.strictObject({
  currency: currencySchema,
  quoted_total_minor: z.number({ error: 'must be the total you were quoted, in minor units' }).int().nonnegative(),
  ship_to: shippingAddressSchema,
  // Refusals a shopper reads under the card form, as a person would say them.
  card: z.strictObject({
    number: z.string({ error: CARD_NUMBER }).transform((n) => n.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{12,19}$/, CARD_NUMBER)),
    expiry: z.string({ error: EXPIRY })
      .transform((e) => e.replace(/\s/g, ''))
      .pipe(z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, EXPIRY))
      .refine((e) => !hasExpired(e, new Date()), 'refusal.cardExpired' satisfies MessageKey),
    cvc: z.string({ error: CVC }).regex(/^\d{3,4}$/, CVC),
  }),
});


/** A placed order's stored answer: `{ order }`. */
const placedSchema = z.object({ order: orderViewSchema });

/**
 * An outcome of placing an order -> the answer stored under its key: 201 and the order, or the
 * refusal in the shopper's English; a changed quote carries the new total, for the shopper to
 * accept or not.
 */
export function orderAnswer(outcome: PlaceOrderOutcome, language: Language): StoredAnswer {
  if (outcome.ok) return { status: 201, body: JSON.stringify({ order: outcome.order }) };
  const { status, code, message, param } = describeRefusal(outcome);
  const quote = outcome.reason === 'quote_changed' ? { total_minor: outcome.total_minor, currency: outcome.currency } : {};
  return { status, body: JSON.stringify(errorBody(code, wordIn(message, language), param, quote)) };
}


type Shopper = { Variables: ApiEnv['Variables'] & { userId: number } };

export const checkoutRoutes = ({ getDb, payments }: Dependencies) => {
  /** Checkout is for signed-in shoppers; the user id is there for the handlers after this. */
  const signedIn = createMiddleware<Shopper>(async (c, next) => {
    const userId = await signedInUserId(c, getDb);
    if (userId === null) throw new ApiError(401, 'not_signed_in', { key: 'api.checkoutSignIn' });
    c.set('userId', userId);
    await next();
  });
  const body = (example: string) => jsonObject(MAX_BODY_BYTES, example);
  /** The order's Idempotency-Key header, checked before the body is read. */
  const idempotencyKey = createMiddleware<{ Variables: { idempotencyKey: string } }>(async (c, next) => {
    const key = idempotencyKeySchema.safeParse(c.req.header('idempotency-key') ?? '');
    if (!key.success) {
      throw new ApiError(400, 'invalid_parameter', 'The Idempotency-Key header is required: 16 to 100 letters, digits, hyphens or underscores, new for each order.', 'Idempotency-Key');
    }
    c.set('idempotencyKey', key.data);
    await next();
  });

  return new Hono<Shopper>()
    /** Body `{ "country": "GB", "currency": "GBP" }` -> the quote, originals held until `reserved_until`. */
    .post('/api/checkout/', signedIn, body('{ "country": "GB", "currency": "GBP" }'), json(startSchema), async (c) => {
      const { country, currency } = c.req.valid('json');
      const db = await getDb();
      const quote = await startCheckout(db, { userId: c.get('userId'), address: requestAddress(c.req.raw) }, { destination: country, currency }, new Date());
      if (!quote.ok) {
        const { status, code, message, param } = describeRefusal(quote);
        throw new ApiError(status, code, message, param);
      }
      const view: CheckoutQuoteView = {
        ...toBasketView(quote, { ...quote, ships: true }, await getRateMatrix(db)),
        shipping_minor: quote.shipping_minor,
        reserved_until: quote.reserved_until,
      };
      return c.json(view, 200, PRIVATE);
    })

    /**
     * Header `Idempotency-Key`, body `{ currency, quoted_total_minor, ship_to: { name, line1,
     * line2?, city, region?, postcode?, country }, card: { number, expiry, cvc } }` -> 201
     * `{ order }` (the postcode required where the country has them), charged exactly the quoted
     * total, or 409 `quote_changed` with the new `total_minor` and nothing charged. A retry with
     * the same key gets the first answer, whatever it was; a key another shopper used is refused.
     */
    .post('/api/checkout/order/', signedIn, idempotencyKey, body('{ "currency": "GBP", "ship_to": { … }, "card": { … } }'), json(orderSchema), async (c) => {
      const order = c.req.valid('json');
      const userId = c.get('userId');
      const language = await languageOf(c);
      const now = new Date();
      const answer = await placeOrder(
        await getDb(),
        {
          holder: { userId, address: requestAddress(c.req.raw) }, idempotencyKey: c.get('idempotencyKey'), currency: order.currency, quotedTotalMinor: order.quoted_total_minor,
          shipTo: { name: order.ship_to.name, address: addressLines(order.ship_to), country: order.ship_to.country },
        },
        {
          pay: (payment) => payments.charge({ ...payment, card: order.card }),
          answer: (outcome) => orderAnswer(outcome, language),
          receipt: (placed, shipments) => receiptMail(placed, shipments, language, getConfig().SITE_URL, now),
        },
        now,
      );
      if ('reason' in answer) throw new ApiError(409, 'conflict', 'This Idempotency-Key belongs to another order; send a new one.', 'Idempotency-Key');
      // A refusal is the stored one, byte for byte: a retry gets exactly what the first request got.
      if (answer.status !== 201) throw new Replayed(new Response(answer.body, { status: answer.status, headers: { ...PRIVATE, 'Content-Type': 'application/json' } }));
      // The address goes in the shopper's book for next time: the one this request ordered to.
      // A retry that replays the stored order (whatever address its body holds) adds nothing.
      if (!answer.replayed) {
        const { name, line1, line2, city, region, postcode, country } = order.ship_to;
        await rememberAddress(await getDb(), userId, { name, line1, line2: line2 ?? null, city, region: region ?? null, postcode: postcode ?? null, country }, new Date().toISOString());
      }
      // The receipt, written once with the order, on its way.
      await sendMail(await getDb());
      return c.json(placedSchema.parse(JSON.parse(answer.body)), 201, PRIVATE);
    })

    /** GET /api/account/orders/: `{ results: Order[] }`, newest first; signed-in shoppers only. */
    .get('/api/account/orders/', async (c) => {
      const userId = await signedInUserId(c, getDb);
      if (userId === null) throw new ApiError(401, 'not_signed_in', 'Please log in to see your orders.');
      return c.json({ results: await getOrderViews(await getDb(), userId) }, 200, PRIVATE);
    });
};
