import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import {
  addToBasket, applyPromoCode, getBasket, removeBasketLine, removePromoCode, setPrintQuantity, type BasketChange, type BasketOwner,
} from '@easel/data/queries/basket';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { ApiError } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { slugSchema } from '../request-params';
import { getSignedInUserId, keepVisitorSession, sessionHash, visitorSessionOf } from '../session';
import { DEFAULT_CHOICE } from '../settings/entity';
import { countrySchema, currencySchema } from '../settings/settings';
import type { BasketView } from './basket';
import { describeRefusal } from './refusals';
import { priceContents, toBasketView } from './view';

/**
 * /api/basket-next/ (SPEC §7): GET loads the basket, POST adds an original or a print, PATCH
 * changes a print's quantity, DELETE removes a line; /api/basket-next/promo/ POST applies a
 * promo code and DELETE removes it. Every answer is the whole basket (SPEC §4: a success
 * replaces the basket data), priced in `?currency=` (GBP when absent) with shipping estimated to `?country=` (GB when absent). A signed-in user's
 * basket follows the account; a visitor's their `sessionid` cookie, which the first change
 * sets when there is none.
 */

type Dependencies = { getDb: () => Promise<Db> };

/** Basket bodies are a slug or two; anything longer is not one. */
const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'no-store' };

/** The shopper's currency, and their ships-to country for the shipping estimate. */
const querySchema = z.object({ currency: z._default(currencySchema, DEFAULT_CHOICE.currency), country: z._default(countrySchema, DEFAULT_CHOICE.country) });
const printSlugSchema = z.string().max(40, 'is too long').regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a print size slug such as a3');
const lineSchema = z.number({ error: 'must be a line id' }).int('must be a line id').positive('must be a line id');
const addSchema = z.strictObject({ artwork: slugSchema, print: printSlugSchema.optional() });
const quantitySchema = z.strictObject({ line: lineSchema, quantity: z.number({ error: 'must be a whole number from 1 to 99' }).int('must be a whole number from 1 to 99').min(1, 'must be at least 1').max(99, 'must be at most 99') });
const removeQuerySchema = querySchema.extend({ line: z.coerce.number({ error: 'must be a line id' }).pipe(lineSchema) });
const promoSchema = z.strictObject({
  code: z.string({ error: 'is required' }).trim().min(1, 'is required').max(40, 'is too long').regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits and hyphens'),
});

/** Whose basket a session cookie reaches: the signed-in user's, else the visitor session's. */
export async function basketOwnerOf(sessionId: string, getDb: () => Promise<Db>): Promise<BasketOwner> {
  const userId = await getSignedInUserId(sessionId, getDb);
  return userId === null ? { sessionHash: sessionHash(sessionId) } : { userId };
}

type Pricing = z.infer<typeof querySchema>;

export async function loadBasketView(db: Db, owner: BasketOwner, { currency, country }: Pricing): Promise<BasketView> {
  const [contents, rates] = await Promise.all([getBasket(db, owner, new Date().toISOString()), getRateMatrix(db)]);
  return toBasketView(contents, priceContents(contents, currency, rates, country), rates);
}

const emptyBasket = ({ currency, country }: Pricing): BasketView =>
  ({ count: 0, currency, items: [], promo: null, subtotal_minor: 0, discount_minor: 0, destination: country, shipping_minor: 0, total_minor: 0 });

export const basketRoutes = ({ getDb }: Dependencies) => {
  /**
   * A change of the request owner's basket, its input already validated: the answer is the
   * basket after it, or the refusal in the API's error shape.
   */
  async function changed(c: Context, pricing: Pricing, change: (db: Db, owner: BasketOwner, now: string) => Promise<BasketChange | void>) {
    const session = visitorSessionOf(c.req.raw);
    const db = await getDb();
    const owner = session.fresh ? { sessionHash: sessionHash(session.sessionId) } : await basketOwnerOf(session.sessionId, getDb);
    const outcome = await change(db, owner, new Date().toISOString());
    if (outcome && !outcome.ok) {
      const { status, code, message, param } = describeRefusal(outcome);
      throw new ApiError(status, code, message, param);
    }
    return keepVisitorSession(c.json(await loadBasketView(db, owner, pricing), 200, PRIVATE), c.req.raw, session);
  }
  const body = (example: string) => jsonObject(MAX_BODY_BYTES, example);

  return new Hono()
    /** A visitor without a session has an empty basket, and the database is not touched. */
    .get('/api/basket-next/', query(querySchema), async (c) => {
      const pricing = c.req.valid('query');
      const session = visitorSessionOf(c.req.raw);
      if (session.fresh) return c.json(emptyBasket(pricing), 200, PRIVATE);
      const owner = await basketOwnerOf(session.sessionId, getDb);
      return c.json(await loadBasketView(await getDb(), owner, pricing), 200, PRIVATE);
    })
    /** Body `{ "artwork": "<slug>", "print"?: "<size slug>" }`. */
    .post('/api/basket-next/', query(querySchema), body('{ "artwork": "…", "print": "a3" }'), json(addSchema), async (c) => {
      const item = c.req.valid('json');
      return changed(c, c.req.valid('query'), (db, owner, now) => addToBasket(db, owner, { slug: item.artwork, printSlug: item.print }, now));
    })
    /** Body `{ "line": <id>, "quantity": <1-99> }`: a print line's quantity. */
    .patch('/api/basket-next/', query(querySchema), body('{ "line": 12, "quantity": 2 }'), json(quantitySchema), async (c) => {
      const { line, quantity } = c.req.valid('json');
      return changed(c, c.req.valid('query'), (db, owner, now) => setPrintQuantity(db, owner, line, quantity, now));
    })
    /** `?line=<id>`: removes the line. */
    .delete('/api/basket-next/', query(removeQuerySchema), async (c) => {
      const { line, ...pricing } = c.req.valid('query');
      return changed(c, pricing, (db, owner, now) => removeBasketLine(db, owner, line, now));
    })
    /** Body `{ "code": "WELCOME10" }`, in any case. */
    .post('/api/basket-next/promo/', query(querySchema), body('{ "code": "WELCOME10" }'), json(promoSchema), async (c) => {
      const { code } = c.req.valid('json');
      return changed(c, c.req.valid('query'), (db, owner, now) => applyPromoCode(db, owner, code, now));
    })
    .delete('/api/basket-next/promo/', query(querySchema), async (c) =>
      changed(c, c.req.valid('query'), (db, owner, now) => removePromoCode(db, owner, now)));
};
