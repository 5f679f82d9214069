import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import { inTransaction, type Db } from '../db';
import { printSlug } from '@easel/shared/derive';
import {
  addToBasket, adoptVisitorBasket, applyPromoCode, discountOf, getBasket, getBasketCount, promoCustomer, removeBasketLine, removePromoCode, setPrintQuantity,
  spendPromoCode, unspendPromoCode,
} from './basket';

let temp: TemporaryDatabase;
let db: Db;
const now = () => new Date().toISOString();

beforeAll(async () => {
  temp = await openTemporaryDatabase('basket', { seed: 7, artworks: 300 });
  db = temp.db;
});
afterAll(() => temp.close());

/** Slugs of works matching `where`, in id order, that no earlier test took. */
let taken = 0;
async function slugsWhere(where: string, n = 1): Promise<string[]> {
  const { rows } = await sql<{ slug: string }>`SELECT slug FROM artworks WHERE ${sql.raw(where)} AND id > ${taken} ORDER BY id LIMIT ${n}`.execute(db);
  expect(rows).toHaveLength(n);
  taken = (await db.selectFrom('artworks').select('id').where('slug', '=', rows[rows.length - 1]!.slug).executeTakeFirstOrThrow()).id;
  return rows.map((r) => r.slug);
}
const withPrints = "status = 'available' AND id IN (SELECT artwork_id FROM print_editions WHERE remaining >= 3)";
async function printOf(slug: string) {
  return db.selectFrom('print_editions as p').innerJoin('artworks as w', 'w.id', 'p.artwork_id').select(['p.id', 'p.size_label', 'p.remaining'])
    .where('w.slug', '=', slug).where('p.remaining', '>=', 3).orderBy('p.id').executeTakeFirstOrThrow();
}

describe('a basket', () => {
  it('holds an original once and counts print copies', async () => {
    const owner = { sessionHash: 'visitor-1' };
    const [slug] = await slugsWhere(withPrints);
    const print = await printOf(slug!);
    expect(await addToBasket(db, owner, { slug: slug! }, now())).toEqual({ ok: true });
    expect(await addToBasket(db, owner, { slug: slug! }, now())).toEqual({ ok: true });
    expect(await addToBasket(db, owner, { slug: slug!, printSlug: printSlug(print.size_label) }, now())).toEqual({ ok: true });
    expect(await addToBasket(db, owner, { slug: slug!, printSlug: printSlug(print.size_label) }, now())).toEqual({ ok: true });
    const basket = await getBasket(db, owner, now());
    expect(basket.items.map((i) => [i.print?.id ?? null, i.quantity, i.problem])).toEqual([[null, 1, null], [print.id, 2, null]]);
    expect(await getBasketCount(db, owner)).toBe(3);
  });

  it('refuses a sold, a reserved or an unknown work, and a print size the work lacks', async () => {
    const owner = { sessionHash: 'visitor-2' };
    const [sold] = await slugsWhere("status = 'sold'");
    const [reserved] = await slugsWhere("status = 'reserved'");
    const [hidden] = await slugsWhere("status = 'hidden'");
    expect(await addToBasket(db, owner, { slug: sold! }, now())).toMatchObject({ ok: false, reason: 'sold' });
    expect(await addToBasket(db, owner, { slug: reserved! }, now())).toMatchObject({ ok: false, reason: 'reserved' });
    expect(await addToBasket(db, owner, { slug: hidden! }, now())).toEqual({ ok: false, reason: 'not_found' });
    expect(await addToBasket(db, owner, { slug: 'no-such-work' }, now())).toEqual({ ok: false, reason: 'not_found' });
    const [available] = await slugsWhere("status = 'available'");
    expect(await addToBasket(db, owner, { slug: available!, printSlug: 'z9' }, now())).toEqual({ ok: false, reason: 'no_such_print' });
    expect(await getBasketCount(db, owner)).toBe(0);
  });

  it('changes a print quantity within the copies left and never for an original or a stale line', async () => {
    const owner = { sessionHash: 'visitor-3' };
    const [slug] = await slugsWhere(withPrints);
    const print = await printOf(slug!);
    await addToBasket(db, owner, { slug: slug! }, now());
    await addToBasket(db, owner, { slug: slug!, printSlug: printSlug(print.size_label) }, now());
    const [original, copy] = (await getBasket(db, owner, now())).items;
    expect(await setPrintQuantity(db, owner, copy!.line_id, print.remaining, now())).toEqual({ ok: true });
    expect(await setPrintQuantity(db, owner, copy!.line_id, print.remaining + 1, now())).toMatchObject({ ok: false, reason: 'sold_out', remaining: print.remaining });
    expect(await setPrintQuantity(db, owner, original!.line_id, 2, now())).toEqual({ ok: false, reason: 'not_a_print' });
    expect(await setPrintQuantity(db, { sessionHash: 'someone-else' }, copy!.line_id, 1, now())).toEqual({ ok: false, reason: 'stale_line' });
    expect(await removeBasketLine(db, owner, copy!.line_id, now())).toEqual({ ok: true });
    expect(await removeBasketLine(db, owner, copy!.line_id, now())).toEqual({ ok: false, reason: 'stale_line' });
    expect(await getBasketCount(db, owner)).toBe(1);
  });

  it('marks a line whose original sold meanwhile, rather than dropping it', async () => {
    const owner = { sessionHash: 'visitor-4' };
    const [slug] = await slugsWhere("status = 'available'");
    await addToBasket(db, owner, { slug: slug! }, now());
    await db.updateTable('artworks').set({ status: 'sold', stock: 0 }).where('slug', '=', slug!).execute();
    expect((await getBasket(db, owner, now())).items.map((i) => i.problem)).toEqual(['sold']);
  });
});

describe('promo codes', () => {
  it('applies a known code in any case, refuses unknown and expired ones, and removes it', async () => {
    const owner = { sessionHash: 'visitor-promo' };
    expect(await applyPromoCode(db, owner, 'NOPE', now())).toEqual({ ok: false, reason: 'unknown_promo', code: 'NOPE' });
    expect(await applyPromoCode(db, owner, 'summer2025', now())).toMatchObject({ ok: false, reason: 'expired_promo', code: 'SUMMER2025' });
    expect(await applyPromoCode(db, owner, 'welcome10', now())).toEqual({ ok: true });
    expect((await getBasket(db, owner, now())).promo).toMatchObject({ code: 'WELCOME10', kind: 'percent', amount: 10, expired: false });
    await removePromoCode(db, owner, now());
    expect((await getBasket(db, owner, now())).promo).toBeNull();
  });

  /** A guest's account: its own placeholder email, holding the one its shopper gave. */
  const addGuest = async (given: string) => {
    const userId = await addUser(db, undefined, `guest-${given}-${Math.random()}@guest.invalid`);
    await db.updateTable('users').set({ unconfirmed_email: given, password_hash: '' }).where('id', '=', userId).execute();
    return userId;
  };
  const spend = async (userId: number, code: string, key: string) =>
    inTransaction(db, async (trx) => spendPromoCode(trx, code, await promoCustomer(trx, userId), key, now()));

  it('takes a once-per-customer code once per account and per email, whatever its case, and lets other codes be spent again', async () => {
    const first = await addUser(db, undefined, 'once@example.com');
    await spend(first, 'WELCOME10', 'order-once-1');
    for (const owner of [{ userId: first }, { userId: await addGuest('Once@Example.com') }, { userId: await addGuest('once@example.com') }]) {
      expect(await applyPromoCode(db, owner, 'welcome10', now())).toEqual({ ok: false, reason: 'used_promo', code: 'WELCOME10' });
      expect((await getBasket(db, owner, now())).promo).toBeNull();
      expect(await applyPromoCode(db, owner, 'FIVEOFF', now())).toEqual({ ok: true });
    }
    // Another address is another customer; a visitor is no one yet.
    expect(await applyPromoCode(db, { userId: await addGuest('once+2@example.com') }, 'WELCOME10', now())).toEqual({ ok: true });
    expect(await applyPromoCode(db, { sessionHash: 'visitor-once' }, 'WELCOME10', now())).toEqual({ ok: true });
    // The same code twice for one email is refused by the table itself.
    await expect(spend(await addGuest('ONCE@example.com'), 'WELCOME10', 'order-once-2')).rejects.toThrow(/spent after it was found unspent/);
  });

  it('marks a code spent already when a visitor brings it to an account that spent it, and takes nothing off', async () => {
    const userId = await addUser(db, undefined, 'spent-before@example.com');
    await spend(userId, 'WELCOME10', 'order-spent-before');
    const [slug] = await slugsWhere("status = 'available'");
    const visitor = { sessionHash: 'visitor-spent-before' };
    await addToBasket(db, visitor, { slug: slug! }, now());
    await applyPromoCode(db, visitor, 'WELCOME10', now());
    expect((await getBasket(db, visitor, now())).promo).toMatchObject({ code: 'WELCOME10', used: false });

    await inTransaction(db, (trx) => adoptVisitorBasket(trx, visitor.sessionHash, userId));
    const basket = await getBasket(db, { userId }, now());
    expect(basket.promo).toMatchObject({ code: 'WELCOME10', expired: false, used: true });
    expect(discountOf(basket)).toBeNull();
  });

  it('gives a code back when its order is not placed', async () => {
    const userId = await addUser(db, undefined, 'declined@example.com');
    await spend(userId, 'WELCOME10', 'order-declined');
    await inTransaction(db, (trx) => unspendPromoCode(trx, 'order-declined'));
    expect(await applyPromoCode(db, { userId }, 'WELCOME10', now())).toEqual({ ok: true });
    expect(discountOf(await getBasket(db, { userId }, now()))).toMatchObject({ code: 'WELCOME10' });
  });
});

describe('adoptVisitorBasket', () => {
  it('merges a visitor basket into the user one: originals once, print copies added, the user promo kept', async () => {
    const userId = await addUser(db, undefined, 'adopt@example.com');
    const visitor = { sessionHash: 'visitor-adopt' };
    const [shared, visitorsOnly] = await slugsWhere(withPrints, 2);
    const print = printSlug((await printOf(shared!)).size_label);
    for (const owner of [{ userId }, visitor]) {
      await addToBasket(db, owner, { slug: shared! }, now());
      await addToBasket(db, owner, { slug: shared!, printSlug: print }, now());
    }
    await addToBasket(db, visitor, { slug: visitorsOnly! }, now());
    await applyPromoCode(db, { userId }, 'FIVEOFF', now());
    await applyPromoCode(db, visitor, 'WELCOME10', now());

    await inTransaction(db, (trx) => adoptVisitorBasket(trx, visitor.sessionHash, userId));
    const basket = await getBasket(db, { userId }, now());
    expect(basket.items.map((i) => [i.artwork.slug, i.print ? 'print' : 'original', i.quantity])).toEqual([
      [shared, 'original', 1], [shared, 'print', 2], [visitorsOnly, 'original', 1],
    ]);
    expect(basket.promo?.code).toBe('FIVEOFF');
    expect(await getBasketCount(db, visitor)).toBe(0);
    expect(await db.selectFrom('baskets').select('id').where('session_hash', '=', visitor.sessionHash).execute()).toEqual([]);
  });

  it('hands the whole visitor basket over when the user has none', async () => {
    const userId = await addUser(db, undefined, 'fresh@example.com');
    const [slug] = await slugsWhere("status = 'available'");
    await addToBasket(db, { sessionHash: 'visitor-fresh' }, { slug: slug! }, now());
    await applyPromoCode(db, { sessionHash: 'visitor-fresh' }, 'WELCOME10', now());
    await inTransaction(db, (trx) => adoptVisitorBasket(trx, 'visitor-fresh', userId));
    const basket = await getBasket(db, { userId }, now());
    expect(basket.items.map((i) => i.artwork.slug)).toEqual([slug]);
    expect(basket.promo?.code).toBe('WELCOME10');
  });
});
