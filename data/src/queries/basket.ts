import type { Kysely, Selectable, Transaction } from 'kysely';
import { printSlug } from '@easel/shared/derive';
import { inTransaction } from '../db';
import { recordCatalogueChanges } from './change-log';
import type { Database, PrintEditionRow, PromoCodesTable } from '../schema';
import { getIndexableArtworksByIds, type IndexableArtwork } from './search-source';
import { countArtworkEvent } from './artwork-counts';

/**
 * Baskets: a signed-in user's follows the account, a visitor's their session (the hash of the
 * `sessionid` cookie). Every function takes a Kysely instance or a transaction, so callers can
 * run them inside a larger transaction (adoptVisitorBasket at sign-in, checkout).
 */

type Queries = Kysely<Database>;

export type BasketOwner = { userId: number } | { sessionHash: string };

/** Why a basket line cannot be bought as it stands. */
export type BasketProblem = 'sold' | 'unavailable' | 'reserved' | 'sold_out';

export interface BasketItem {
  line_id: number;
  quantity: number;
  artwork: IndexableArtwork;
  /** Null for the original itself. */
  print: PrintEditionRow | null;
  /** GBP minor units per item: the original's sale price when on sale, or the print's price. */
  unit_price_minor: number;
  problem: BasketProblem | null;
}

export type PromoCode = Pick<Selectable<PromoCodesTable>, 'code' | 'kind' | 'amount' | 'expires_at' | 'once_per_customer'>;

export interface BasketContents {
  items: BasketItem[];
  /**
   * The code on the basket, with whether it has expired since it was applied, and whether the
   * basket's customer has spent it already (a code that works once per customer).
   */
  promo: (PromoCode & { expired: boolean; used: boolean }) | null;
}

/** The basket's code when it takes something off: neither expired nor spent already. */
export const discountOf = ({ promo }: Pick<BasketContents, 'promo'>): PromoCode | null => (promo && !promo.expired && !promo.used ? promo : null);

/** Refusals a basket change can meet; the storefront words them for the shopper. */
export type BasketRefusal =
  | { reason: 'not_found' }
  | { reason: 'no_such_print' }
  | { reason: 'sold' | 'unavailable' | 'reserved'; title: string }
  | { reason: 'sold_out'; title: string; size_label: string; remaining: number }
  | { reason: 'stale_line' }
  | { reason: 'not_a_print' }
  | { reason: 'unknown_promo'; code: string }
  | { reason: 'expired_promo'; code: string; expires_at: string }
  | { reason: 'used_promo'; code: string };

export type BasketChange = { ok: true } | ({ ok: false } & BasketRefusal);

const ownerColumn = (owner: BasketOwner) =>
  'userId' in owner ? (['user_id', owner.userId] as const) : (['session_hash', owner.sessionHash] as const);

async function findBasket(db: Queries, owner: BasketOwner) {
  const [column, value] = ownerColumn(owner);
  return db.selectFrom('baskets').select(['id', 'promo_code']).where(column, '=', value).executeTakeFirst();
}

async function ensureBasket(db: Queries, owner: BasketOwner, now: string): Promise<number> {
  const existing = await findBasket(db, owner);
  if (existing) {
    await db.updateTable('baskets').set({ updated_at: now }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const [column, value] = ownerColumn(owner);
  const row = await db
    .insertInto('baskets')
    .values({ session_hash: null, user_id: null, promo_code: null, updated_at: now, [column]: value })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether a checkout reservation has run out: such a work counts as available again. */
export function reservationLapsed(reservedUntil: string | null, now: string): boolean {
  return reservedUntil !== null && reservedUntil < now;
}

/**
 * What stands between `viewer` (a user id, or null for a visitor) and buying this line:
 * a sold or hidden original, one reserved by someone else's checkout, too few prints left.
 */
export function basketProblem(
  artwork: Pick<IndexableArtwork, 'status' | 'reserved_by' | 'reserved_until'>,
  print: Pick<PrintEditionRow, 'remaining'> | null,
  quantity: number,
  viewer: number | null,
  now: string,
): BasketProblem | null {
  if (artwork.status === 'hidden') return 'unavailable';
  if (print) return print.remaining < quantity ? 'sold_out' : null;
  if (artwork.status === 'sold') return 'sold';
  if (artwork.status === 'reserved') {
    const mine = viewer !== null && artwork.reserved_by === viewer;
    return mine || reservationLapsed(artwork.reserved_until, now) ? null : 'reserved';
  }
  return null;
}

/** The owner's basket, oldest line first; an empty one when they have none. */
export async function getBasket(db: Queries, owner: BasketOwner, now: string): Promise<BasketContents> {
  const basket = await findBasket(db, owner);
  if (!basket) return { items: [], promo: null };
  const [lines, promo] = await Promise.all([
    db.selectFrom('basket_lines').selectAll().where('basket_id', '=', basket.id).orderBy('added_at').orderBy('id').execute(),
    basket.promo_code === null
      ? undefined
      : db.selectFrom('promo_codes').select(['code', 'kind', 'amount', 'expires_at', 'once_per_customer']).where('code', '=', basket.promo_code).executeTakeFirst(),
  ]);
  const printIds = lines.flatMap((l) => (l.print_edition_id === null ? [] : [l.print_edition_id]));
  const [artworks, prints] = await Promise.all([
    getIndexableArtworksByIds(db, [...new Set(lines.map((l) => l.artwork_id))]),
    printIds.length === 0 ? [] : db.selectFrom('print_editions').selectAll().where('id', 'in', printIds).execute(),
  ]);
  const artworkById = new Map(artworks.map((a) => [a.id, a]));
  const printById = new Map(prints.map((p) => [p.id, p]));
  const viewer = 'userId' in owner ? owner.userId : null;
  const items = lines.flatMap((line): BasketItem[] => {
    const artwork = artworkById.get(line.artwork_id);
    const print = line.print_edition_id === null ? null : printById.get(line.print_edition_id);
    if (!artwork || print === undefined) return [];
    return [{
      line_id: line.id,
      quantity: line.quantity,
      artwork,
      print,
      unit_price_minor: print ? print.price_minor : (artwork.sale_price_minor ?? artwork.price_minor),
      problem: basketProblem(artwork, print, line.quantity, viewer, now),
    }];
  });
  if (!promo) return { items, promo: null };
  return { items, promo: { ...promo, expired: promoExpired(promo, now), used: await spentBy(db, promo, owner) } };
}

const promoExpired = (promo: Pick<PromoCode, 'expires_at'>, now: string) => promo.expires_at !== null && promo.expires_at <= now;

/**
 * Who a once-per-customer code counts against: the account, and the email it holds or else the
 * one it gave (a guest's, one not confirmed yet), case-folded. A new guest or account giving an
 * email that has spent the code is the same customer.
 */
export interface PromoCustomer {
  userId: number;
  email: string;
}

/** The customer an account is. */
export async function promoCustomer(db: Queries, userId: number): Promise<PromoCustomer> {
  const user = await db.selectFrom('users').select(['email', 'unconfirmed_email']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { userId, email: (user.unconfirmed_email ?? user.email).toLowerCase() };
}

/**
 * Whether the basket's owner has spent this code already: only a once-per-customer code can be
 * spent, and a visitor is no customer yet.
 */
async function spentBy(db: Queries, promo: Pick<PromoCode, 'code' | 'once_per_customer'>, owner: BasketOwner): Promise<boolean> {
  return promo.once_per_customer === 1 && 'userId' in owner && hasSpentPromo(db, promo.code, owner.userId);
}

/** Whether the customer an account is has spent `code` on an order, by this account or by its email. */
export async function hasSpentPromo(db: Queries, code: string, userId: number): Promise<boolean> {
  const customer = await promoCustomer(db, userId);
  const spent = await db
    .selectFrom('promo_redemptions')
    .select('code')
    .where('code', '=', code)
    .where((eb) => eb.or([eb('customer_email', '=', customer.email), eb('user_id', '=', customer.userId)]))
    .executeTakeFirst();
  return spent !== undefined;
}

/**
 * Writes down that the customer spends a once-per-customer `code` on the order with this
 * idempotency key, inside the order's transaction and before its payment. The row is unique per
 * code and email: of two orders at once, the second waits for the first and is then run again
 * (PostgreSQL, a serialization failure) or simply comes after it (SQLite, one writer at a time),
 * and either way its quote finds the code spent.
 */
export async function spendPromoCode(trx: Queries, code: string, customer: PromoCustomer, idempotencyKey: string, now: string): Promise<void> {
  const spent = await trx
    .insertInto('promo_redemptions')
    .values({ code, customer_email: customer.email, user_id: customer.userId, idempotency_key: idempotencyKey, created_at: now })
    .onConflict((oc) => oc.columns(['code', 'customer_email']).doNothing())
    .returning('code')
    .executeTakeFirst();
  // The order's quote found the code unspent in this same transaction.
  if (!spent) throw new Error(`The promo code ${code} was spent after it was found unspent.`);
}

/** An order whose payment was declined gives back the code it spent. */
export async function unspendPromoCode(trx: Queries, idempotencyKey: string): Promise<void> {
  await trx.deleteFrom('promo_redemptions').where('idempotency_key', '=', idempotencyKey).execute();
}

/** Items in the basket, print quantities summed: what the header's count shows. */
export async function getBasketCount(db: Queries, owner: BasketOwner): Promise<number> {
  const [column, value] = ownerColumn(owner);
  const row = await db
    .selectFrom('baskets as b')
    .innerJoin('basket_lines as l', 'l.basket_id', 'b.id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.quantity'), eb.lit(0)).as('n'))
    .where(`b.${column}`, '=', value)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Puts an original (no `printSlug`) or one copy of a print edition in the basket. An original
 * already there stays a single line; another copy of a print adds one to its quantity, as long
 * as the edition has that many left.
 */
export async function addToBasket(
  db: Queries,
  owner: BasketOwner,
  item: { slug: string; printSlug?: string | undefined },
  now: string,
): Promise<BasketChange> {
  return inTransaction(db, async (trx) => {
    const artwork = await trx
      .selectFrom('artworks')
      .select(['id', 'title', 'status', 'reserved_by', 'reserved_until'])
      .where('slug', '=', item.slug)
      .where('status', '!=', 'hidden')
      .executeTakeFirst();
    if (!artwork) return { ok: false, reason: 'not_found' };
    const viewer = 'userId' in owner ? owner.userId : null;
    let print: PrintEditionRow | null = null;
    if (item.printSlug !== undefined) {
      const editions = await trx.selectFrom('print_editions').selectAll().where('artwork_id', '=', artwork.id).execute();
      print = editions.find((e) => printSlug(e.size_label) === item.printSlug) ?? null;
      if (!print) return { ok: false, reason: 'no_such_print' };
    }
    const basketId = await ensureBasket(trx, owner, now);
    const existing = await trx
      .selectFrom('basket_lines')
      .select(['id', 'quantity'])
      .where('basket_id', '=', basketId)
      .where('artwork_id', '=', artwork.id)
      .where('print_edition_id', print ? '=' : 'is', print ? print.id : null)
      .executeTakeFirst();
    const quantity = print ? (existing?.quantity ?? 0) + 1 : 1;
    const problem = basketProblem(artwork, print, quantity, viewer, now);
    if (problem === 'sold_out') return { ok: false, reason: problem, title: artwork.title, size_label: print!.size_label, remaining: print!.remaining };
    if (problem) return { ok: false, reason: problem, title: artwork.title };
    if (existing) {
      await trx.updateTable('basket_lines').set({ quantity }).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('basket_lines')
        .values({ basket_id: basketId, artwork_id: artwork.id, print_edition_id: print?.id ?? null, quantity, added_at: now })
        .execute();
      await countArtworkEvent(trx, artwork.id, 'basket_adds');
    }
    return { ok: true };
  });
}

/** The owner's line with this id, or undefined when it is not (or no longer) in their basket. */
async function findLine(db: Queries, owner: BasketOwner, lineId: number) {
  const [column, value] = ownerColumn(owner);
  return db
    .selectFrom('basket_lines as l')
    .innerJoin('baskets as b', 'b.id', 'l.basket_id')
    .select(['l.id', 'l.basket_id', 'l.artwork_id', 'l.print_edition_id'])
    .where('l.id', '=', lineId)
    .where(`b.${column}`, '=', value)
    .executeTakeFirst();
}

/** Sets how many copies of a print the line holds, within the copies left. */
export async function setPrintQuantity(db: Queries, owner: BasketOwner, lineId: number, quantity: number, now: string): Promise<BasketChange> {
  return inTransaction(db, async (trx) => {
    const line = await findLine(trx, owner, lineId);
    if (!line) return { ok: false, reason: 'stale_line' };
    if (line.print_edition_id === null) return { ok: false, reason: 'not_a_print' };
    const print = await trx
      .selectFrom('print_editions as p')
      .innerJoin('artworks as w', 'w.id', 'p.artwork_id')
      .select(['p.size_label', 'p.remaining', 'w.title'])
      .where('p.id', '=', line.print_edition_id)
      .executeTakeFirstOrThrow();
    if (print.remaining < quantity) return { ok: false, reason: 'sold_out', title: print.title, size_label: print.size_label, remaining: print.remaining };
    await trx.updateTable('basket_lines').set({ quantity }).where('id', '=', lineId).execute();
    await trx.updateTable('baskets').set({ updated_at: now }).where('id', '=', line.basket_id).execute();
    return { ok: true };
  });
}

/**
 * Takes a line out of the basket. A signed-in shopper who had started checking out with that
 * original lets its reservation go at once, rather than holding it until it runs out.
 */
export async function removeBasketLine(db: Queries, owner: BasketOwner, lineId: number, now: string): Promise<BasketChange> {
  return inTransaction(db, async (trx) => {
    const line = await findLine(trx, owner, lineId);
    if (!line) return { ok: false, reason: 'stale_line' };
    await trx.deleteFrom('basket_lines').where('id', '=', lineId).execute();
    await trx.updateTable('baskets').set({ updated_at: now }).where('id', '=', line.basket_id).execute();
    if ('userId' in owner && line.print_edition_id === null) await releaseReservations(trx, owner.userId, now, [line.artwork_id]);
    return { ok: true };
  });
}

/**
 * Puts a promo code on the basket (replacing any other); unknown and expired codes are refused,
 * and a once-per-customer code a signed-in customer has spent. A visitor's code is checked
 * again once they sign in or give an email (see getBasket's `used`).
 */
export async function applyPromoCode(db: Queries, owner: BasketOwner, code: string, now: string): Promise<BasketChange> {
  return inTransaction(db, async (trx) => {
    const promo = await trx.selectFrom('promo_codes').select(['code', 'expires_at', 'once_per_customer']).where('code', '=', code.toUpperCase()).executeTakeFirst();
    if (!promo) return { ok: false, reason: 'unknown_promo', code };
    if (promoExpired(promo, now)) return { ok: false, reason: 'expired_promo', code: promo.code, expires_at: promo.expires_at! };
    if (await spentBy(trx, promo, owner)) return { ok: false, reason: 'used_promo', code: promo.code };
    const basketId = await ensureBasket(trx, owner, now);
    await trx.updateTable('baskets').set({ promo_code: promo.code }).where('id', '=', basketId).execute();
    return { ok: true };
  });
}

export async function removePromoCode(db: Queries, owner: BasketOwner, now: string): Promise<void> {
  const [column, value] = ownerColumn(owner);
  await db.updateTable('baskets').set({ promo_code: null, updated_at: now }).where(column, '=', value).execute();
}

/**
 * At sign-in: moves a visitor's basket into the user's, inside the caller's transaction. The
 * user's lines stay; the visitor's originals join them once, print quantities add up; the
 * user's promo code wins, else the visitor's is kept. The visitor's basket is gone afterwards.
 */
export async function adoptVisitorBasket(trx: Queries, visitorSessionHash: string, userId: number): Promise<void> {
  const visitor = await findBasket(trx, { sessionHash: visitorSessionHash });
  if (!visitor) return;
  const mine = await findBasket(trx, { userId });
  if (!mine) {
    await trx.updateTable('baskets').set({ user_id: userId, session_hash: null }).where('id', '=', visitor.id).execute();
    return;
  }
  const lines = await trx.selectFrom('basket_lines').selectAll().where('basket_id', '=', visitor.id).execute();
  for (const line of lines) {
    const existing = await trx
      .selectFrom('basket_lines')
      .select(['id', 'quantity'])
      .where('basket_id', '=', mine.id)
      .where('artwork_id', '=', line.artwork_id)
      .where('print_edition_id', line.print_edition_id === null ? 'is' : '=', line.print_edition_id)
      .executeTakeFirst();
    if (!existing) {
      await trx.updateTable('basket_lines').set({ basket_id: mine.id }).where('id', '=', line.id).execute();
    } else if (line.print_edition_id !== null) {
      await trx.updateTable('basket_lines').set({ quantity: existing.quantity + line.quantity }).where('id', '=', existing.id).execute();
    }
  }
  if (mine.promo_code === null && visitor.promo_code !== null) {
    await trx.updateTable('baskets').set({ promo_code: visitor.promo_code }).where('id', '=', mine.id).execute();
  }
  await trx.deleteFrom('baskets').where('id', '=', visitor.id).execute();
}

/**
 * Makes originals reserved by this user's checkout available again (all of them, or those in
 * `artworkIds`), recording each change for the indexer.
 */
export async function releaseReservations(trx: Transaction<Database>, userId: number, now: string, artworkIds?: number[]): Promise<number[]> {
  if (artworkIds?.length === 0) return [];
  let query = trx
    .updateTable('artworks')
    .set({ status: 'available', reserved_until: null, reserved_by: null, reserved_from: null, updated_at: now })
    .where('status', '=', 'reserved')
    .where('reserved_by', '=', userId);
  if (artworkIds) query = query.where('id', 'in', artworkIds);
  const released = (await query.returning('id').execute()).map((r) => r.id);
  await recordCatalogueChanges(trx, released, now);
  return released;
}
