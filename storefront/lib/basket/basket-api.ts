import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import {
  addToBasket, applyPromoCode, getBasket, removeBasketLine, removePromoCode, setPrintQuantity, type BasketChange, type BasketOwner,
} from '@easel/data/queries/basket';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { apiError } from '../api-error';
import { answering, readQuery, slugSchema, type Handler } from '../catalogue/api';
import { readJsonBody } from '../read-body';
import { getSignedInUserId, keepVisitorSession, sessionHash, visitorSessionOf } from '../session';
import { currencySchema } from '../settings/settings';
import type { BasketView } from './basket';
import { describeRefusal } from './refusals';
import { priceContents, toBasketView } from './view';

/**
 * /api/basket-next/ (SPEC §7): GET loads the basket, POST adds an original or a print, PATCH
 * changes a print's quantity, DELETE removes a line; /api/basket-next/promo/ POST applies a
 * promo code and DELETE removes it. Every answer is the whole basket (SPEC §4: a success
 * replaces the basket data), priced in `?currency=` (GBP when absent). A signed-in user's
 * basket follows the account; a visitor's their `sessionid` cookie, which the first change
 * sets when there is none.
 */

type Dependencies = { getDb: () => Promise<Db> };

/** Basket bodies are a slug or two; anything longer is not one. */
const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };

const querySchema = z.object({ currency: currencySchema.default('GBP') });
const printSlugSchema = z.string().max(40, 'is too long').regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a print size slug such as a3');
const lineSchema = z.number({ error: 'must be a basket line id' }).int('must be a basket line id').positive('must be a basket line id');
const addSchema = z.strictObject({ artwork: slugSchema, print: printSlugSchema.optional() });
const quantitySchema = z.strictObject({ line: lineSchema, quantity: z.number({ error: 'must be a whole number from 1 to 99' }).int('must be a whole number from 1 to 99').min(1, 'must be at least 1').max(99, 'must be at most 99') });
const removeQuerySchema = z.object({ line: z.coerce.number({ error: 'must be a basket line id' }).pipe(lineSchema) });
const promoSchema = z.strictObject({
  code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(40, 'is too long').regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens'),
});

/** Whose basket a session cookie reaches: the signed-in user's, else the visitor session's. */
export async function basketOwnerOf(sessionId: string, getDb: () => Promise<Db>): Promise<BasketOwner> {
  const userId = await getSignedInUserId(sessionId, getDb);
  return userId === null ? { sessionHash: sessionHash(sessionId) } : { userId };
}

export async function loadBasketView(db: Db, owner: BasketOwner, currency: BasketView['currency']): Promise<BasketView> {
  const [contents, rates] = await Promise.all([getBasket(db, owner, new Date().toISOString()), getRateMatrix(db)]);
  return toBasketView(contents, priceContents(contents, currency, rates), rates);
}

const emptyBasket = (currency: BasketView['currency']): BasketView => ({ count: 0, currency, items: [], promo: null, subtotal_minor: 0, discount_minor: 0, total_minor: 0 });

export function createBasketHandlers({ getDb }: Dependencies): {
  basket: { GET: Handler; POST: Handler; PATCH: Handler; DELETE: Handler };
  promo: { POST: Handler; DELETE: Handler };
} {
  /**
   * A change of the request owner's basket: `readInput` validates what the change needs, and
   * the answer is the basket after it, or the refusal in the API's error shape.
   */
  const changing = <T>(
    readInput: (request: NextRequest) => Promise<T | Response> | T | Response,
    change: (db: Db, owner: BasketOwner, input: T, now: string) => Promise<BasketChange | void>,
  ): Handler =>
    answering('basket', async (request) => {
      const query = readQuery(request, querySchema);
      if (query instanceof Response) return query;
      const input = await readInput(request);
      if (input instanceof Response) return input;
      const session = visitorSessionOf(request);
      const db = await getDb();
      const owner = session.fresh ? { sessionHash: sessionHash(session.sessionId) } : await basketOwnerOf(session.sessionId, getDb);
      const outcome = await change(db, owner, input, new Date().toISOString());
      if (outcome && !outcome.ok) {
        const { status, code, message, param } = describeRefusal(outcome);
        return apiError(status, code, message, param);
      }
      return keepVisitorSession(NextResponse.json(await loadBasketView(db, owner, query.currency), { headers: PRIVATE }), request, session);
    });
  const body = <S extends z.ZodType>(schema: S, example: string) => (request: NextRequest) => readJsonBody(request, schema, MAX_BODY_BYTES, example);

  return {
    basket: {
      /** A visitor without a session has an empty basket, and the database is not touched. */
      GET: answering('basket', async (request) => {
        const query = readQuery(request, querySchema);
        if (query instanceof Response) return query;
        const session = visitorSessionOf(request);
        if (session.fresh) return NextResponse.json(emptyBasket(query.currency), { headers: PRIVATE });
        const owner = await basketOwnerOf(session.sessionId, getDb);
        return NextResponse.json(await loadBasketView(await getDb(), owner, query.currency), { headers: PRIVATE });
      }),
      /** Body `{ "artwork": "<slug>", "print"?: "<size slug>" }`. */
      POST: changing(body(addSchema, '{ "artwork": "…", "print": "a3" }'), (db, owner, item, now) => addToBasket(db, owner, { slug: item.artwork, printSlug: item.print }, now)),
      /** Body `{ "line": <id>, "quantity": <1-99> }`: a print line's quantity. */
      PATCH: changing(body(quantitySchema, '{ "line": 12, "quantity": 2 }'), (db, owner, change, now) => setPrintQuantity(db, owner, change.line, change.quantity, now)),
      /** `?line=<id>`: removes the line. */
      DELETE: changing((request) => readQuery(request, removeQuerySchema), (db, owner, { line }, now) => removeBasketLine(db, owner, line, now)),
    },
    promo: {
      /** Body `{ "code": "WELCOME10" }`, in any case. */
      POST: changing(body(promoSchema, '{ "code": "WELCOME10" }'), (db, owner, { code }, now) => applyPromoCode(db, owner, code, now)),
      DELETE: changing(() => ({}), (db, owner, _none, now) => removePromoCode(db, owner, now)),
    },
  };
}
