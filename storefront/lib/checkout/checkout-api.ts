import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getOrderViews, placeOrder, startCheckout, type PlaceOrderOutcome, type StoredAnswer } from '@easel/data/queries/checkout';
import { rememberAddress } from '@easel/data/queries/addresses';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { apiError } from '../api-error';
import type { CheckoutQuoteView } from '../basket/basket';
import { describeRefusal } from '../basket/refusals';
import { toBasketView } from '../basket/view';
import { answering, type Handler } from '../catalogue/api';
import { readJsonBody } from '../read-body';
import { requestAddress } from '../rate-limits';
import { requestUserId } from '../session';
import { countrySchema, currencySchema } from '../settings/settings';
import { addressLines, shippingAddressSchema } from './address';
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

const orderSchema = z.strictObject({
  currency: currencySchema,
  quoted_total_minor: z.number({ error: 'must be the total you were quoted, in minor units' }).int().nonnegative(),
  ship_to: shippingAddressSchema,
  card: z.strictObject({
    number: z.string({ error: 'is required' }).transform((n) => n.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits')),
    expiry: z.string({ error: 'is required' }).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'must be MM/YY'),
    cvc: z.string({ error: 'is required' }).regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  }),
});

const signInRequired = () => apiError(401, 'not_signed_in', 'Please log in to check out; your basket will be kept.');

/**
 * An outcome of placing an order -> the answer stored under its key: 201 and the order, or the
 * refusal; a changed quote carries the new total, for the shopper to accept or not.
 */
export function orderAnswer(outcome: PlaceOrderOutcome): StoredAnswer {
  if (outcome.ok) return { status: 201, body: JSON.stringify({ order: outcome.order }) };
  const { status, code, message, param } = describeRefusal(outcome);
  const quote = outcome.reason === 'quote_changed' ? { total_minor: outcome.total_minor, currency: outcome.currency } : {};
  return { status, body: JSON.stringify({ error: { code, message, ...(param === undefined ? {} : { param }), ...quote } }) };
}


export function createCheckoutHandlers({ getDb, payments }: Dependencies): { start: Handler; order: Handler } {
  const signedIn = (request: NextRequest) => requestUserId(request, getDb);

  return {
    /** Body `{ "country": "GB", "currency": "GBP" }` -> the quote, originals held until `reserved_until`. */
    start: answering('checkout', async (request) => {
      const userId = await signedIn(request);
      if (userId === null) return signInRequired();
      const body = await readJsonBody(request, startSchema, MAX_BODY_BYTES, '{ "country": "GB", "currency": "GBP" }');
      if (body instanceof Response) return body;
      const db = await getDb();
      const quote = await startCheckout(db, { userId, address: requestAddress(request) }, { destination: body.country, currency: body.currency }, new Date());
      if (!quote.ok) {
        const { status, code, message, param } = describeRefusal(quote);
        return apiError(status, code, message, param);
      }
      const view: CheckoutQuoteView = {
        ...toBasketView(quote, quote, await getRateMatrix(db)),
        destination: quote.destination,
        shipping_minor: quote.shipping_minor,
        total_minor: quote.total_minor,
        reserved_until: quote.reserved_until,
      };
      return NextResponse.json(view, { headers: PRIVATE });
    }),

    /**
     * Header `Idempotency-Key`, body `{ currency, quoted_total_minor, ship_to: { name, line1,
     * line2?, city, region?, postcode?, country }, card: { number, expiry, cvc } }` -> 201
     * `{ order }` (the postcode required where the country has them), charged exactly the quoted
     * total, or 409 `quote_changed` with the new `total_minor` and nothing charged. A retry with
     * the same key gets the first answer, whatever it was; a key another shopper used is refused.
     */
    order: answering('checkout', async (request) => {
      const userId = await signedIn(request);
      if (userId === null) return signInRequired();
      const key = idempotencyKeySchema.safeParse(request.headers.get('idempotency-key') ?? '');
      if (!key.success) {
        return apiError(400, 'invalid_parameter', 'The Idempotency-Key header is required: 16 to 100 letters, digits, hyphens or underscores, new for each order.', 'Idempotency-Key');
      }
      const body = await readJsonBody(request, orderSchema, MAX_BODY_BYTES, '{ "currency": "GBP", "ship_to": { … }, "card": { … } }');
      if (body instanceof Response) return body;
      const answer = await placeOrder(
        await getDb(),
        {
          holder: { userId, address: requestAddress(request) }, idempotencyKey: key.data, currency: body.currency, quotedTotalMinor: body.quoted_total_minor,
          shipTo: { name: body.ship_to.name, address: addressLines(body.ship_to), country: body.ship_to.country },
        },
        {
          pay: (amountMinor, currency, idempotencyKey) => payments.charge({ amountMinor, currency, card: body.card, idempotencyKey }),
          answer: orderAnswer,
        },
        new Date(),
      );
      if ('reason' in answer) return apiError(409, 'conflict', 'This Idempotency-Key belongs to another order; send a new one.', 'Idempotency-Key');
      // The address goes in the shopper's book for next time.
      if (answer.status === 201) {
        const { name, line1, line2, city, region, postcode, country } = body.ship_to;
        await rememberAddress(await getDb(), userId, { name, line1, line2: line2 ?? null, city, region: region ?? null, postcode: postcode ?? null, country }, new Date().toISOString());
      }
      return new Response(answer.body, { status: answer.status, headers: { ...PRIVATE, 'Content-Type': 'application/json' } });
    }),
  };
}

/** GET /api/account/orders/: `{ results: Order[] }`, newest first; signed-in shoppers only. */
export function createOrderHistoryHandler({ getDb }: { getDb: () => Promise<Db> }): Handler {
  return answering('orders', async (request) => {
    const userId = await requestUserId(request, getDb);
    if (userId === null) return apiError(401, 'not_signed_in', 'Please log in to see your orders.');
    return NextResponse.json({ results: await getOrderViews(await getDb(), userId) }, { headers: PRIVATE });
  });
}
