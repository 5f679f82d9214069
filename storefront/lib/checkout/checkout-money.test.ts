import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { Hono } from 'hono';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { printSlug } from '@easel/shared/derive';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { addSession, addUser, ledgerLocation, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { basketViewSchema, checkoutQuoteSchema, orderViewSchema, type BasketView } from '../basket/basket';
import { basketRoutes } from '../basket/basket-api';
import { formatPrice } from '../money';
import { checkoutRoutes } from './checkout-api';
import { createSimulatedPayments, TEST_CARDS } from './payment';

/**
 * The money a shopper reads is the money they pay: over random baskets (originals and prints,
 * with and without a promo code), currencies and countries, the figures the basket and the
 * review show add up to the totals they show, the basket's estimate to the ships-to country is
 * the total checkout quotes there, and the card is charged exactly that total, to the minor unit.
 */

let temp: TemporaryDatabase;
let db: Db;
let ledger: PaymentLedger;
const getDb = async () => db;
const call = callable(new Hono()
  .route('/', basketRoutes({ getDb }))
  .route('/', checkoutRoutes({ getDb, payments: createSimulatedPayments(async () => ledger) })));

const COUNTRIES = ['GB', 'US', 'FR', 'DE', 'IE', 'AU', 'CA', 'JP'] as const;
/** A postcode of each, in its country's form. */
const POSTCODES: Record<(typeof COUNTRIES)[number], string> = { GB: 'SW1Y 4JH', US: '10001', FR: '75001', DE: '10115', IE: 'D02 X285', AU: '2000', CA: 'K1A 0B1', JP: '100-0001' };
/** Available works by country they ship to, each with a print edition of at least 3 copies when it has one. */
const pools = new Map<string, { id: number; slug: string; print: string | null }[]>();
const taken = new Set<number>();

beforeAll(async () => {
  temp = await openTemporaryDatabase('checkout-money', { seed: 17, artworks: 900 });
  db = temp.db;
  ledger = await openPaymentLedger(ledgerLocation(temp));
  for (const country of COUNTRIES) {
    const rows = await db
      .selectFrom('artworks as w')
      .innerJoin('shipping_rates as r', (j) => j.onRef('r.profile_id', '=', 'w.shipping_profile_id').on('r.destination', '=', country))
      .leftJoin('print_editions as p', (j) => j.onRef('p.artwork_id', '=', 'w.id').on('p.remaining', '>=', 3))
      .select(['w.id', 'w.slug', 'p.size_label'])
      .where('w.status', '=', 'available')
      .orderBy('w.id')
      .execute();
    const seen = new Set<number>();
    pools.set(country, rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ id: r.id, slug: r.slug, print: r.size_label && printSlug(r.size_label) })));
  }
});
afterAll(async () => {
  await ledger.close();
  await temp.close();
});

let users = 0;
function post(path: string, session: string, body: unknown, headers: Record<string, string> = {}) {
  return call(new NextRequest(`http://shop.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `sessionid=${session}`, 'X-Forwarded-For': `127.3.${users >> 8}.${users & 255}`, ...headers },
    body: JSON.stringify(body),
  }));
}

/** A shown figure back to minor units: '$1,308' -> 130800, '−€7' -> 700. */
const shownMinor = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** The figures the basket and the review step show, as the pages format them. */
function reviewFigures(quote: BasketView & { shipping_minor: number }) {
  const shown = (minor: number) => formatPrice(minor, quote.currency);
  return {
    lines: quote.items.map((item) => shown(item.line_total_minor)),
    subtotal: shown(quote.subtotal_minor),
    discount: shown(quote.discount_minor),
    shipping: shown(quote.shipping_minor),
    total: shown(quote.total_minor),
  };
}

const basketArbitrary = fc.record({
  country: fc.constantFrom(...COUNTRIES),
  currency: fc.constantFrom(...CURRENCIES),
  promo: fc.constantFrom(null, 'WELCOME10', 'FIVEOFF'),
  /** Per work: whether to take the original, and how many copies of its print (0 for none). */
  works: fc.array(fc.record({ original: fc.boolean(), prints: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 3 }),
});

describe('every amount shown is the amount charged', () => {
  it('shows lines that add up to the total shown, and charges exactly that total', async () => {
    await fc.assert(fc.asyncProperty(basketArbitrary, async ({ country, currency, promo, works }) => {
      users += 1;
      const userId = await addUser(db, { currency, country, display_units: 'cm', language: 'en-gb' }, `money${users}@example.com`);
      const session = `money-${users}-${randomUUID()}`;
      await addSession(db, session, userId);
      let added = 0;
      for (const choice of works) {
        const work = pools.get(country)!.find((w) => !taken.has(w.id) && (choice.original || w.print !== null));
        if (!work) continue;
        taken.add(work.id);
        if (choice.original || work.print === null) {
          expect((await post(`/api/basket-next/?currency=${currency}`, session, { artwork: work.slug })).status).toBe(200);
          added += 1;
        }
        for (let copy = 0; copy < choice.prints && work.print !== null; copy += 1) {
          expect((await post(`/api/basket-next/?currency=${currency}`, session, { artwork: work.slug, print: work.print })).status).toBe(200);
          added += 1;
        }
      }
      fc.pre(added > 0);
      if (promo) expect((await post(`/api/basket-next/promo/?currency=${currency}`, session, { code: promo })).status).toBe(200);

      // The basket adds up the same way, its shipping estimated to the ships-to country: what checkout to an address there then quotes.
      const basket = basketViewSchema.parse(await (await call(new NextRequest(`http://shop.test/api/basket-next/?currency=${currency}&country=${country}`, {
        headers: { Cookie: `sessionid=${session}` },
      }))).json());
      const inBasket = reviewFigures({ ...basket, shipping_minor: basket.shipping_minor! });
      expect(inBasket.lines.reduce((sum, line) => sum + shownMinor(line), 0)).toBe(shownMinor(inBasket.subtotal));
      expect(shownMinor(inBasket.subtotal) - shownMinor(inBasket.discount) + shownMinor(inBasket.shipping)).toBe(shownMinor(inBasket.total));

      const started = await post('/api/checkout/', session, { country, currency });
      expect(started.status, await started.clone().text()).toBe(200);
      const quote = checkoutQuoteSchema.parse(await started.json());
      const figures = reviewFigures(quote);
      expect(figures.total).toBe(inBasket.total);
      const lineSum = figures.lines.reduce((sum, line) => sum + shownMinor(line), 0);
      expect(lineSum).toBe(shownMinor(figures.subtotal));
      expect(shownMinor(figures.subtotal) - shownMinor(figures.discount) + shownMinor(figures.shipping)).toBe(shownMinor(figures.total));

      // The shopper pays the total on the button; the provider's ledger holds exactly that.
      const key = randomUUID();
      const paid = await post('/api/checkout/order/', session, {
        currency, quoted_total_minor: shownMinor(figures.total),
        ship_to: { name: 'Ada Lovelace', line1: '1 Harbour Street', city: 'Port', postcode: POSTCODES[country], country },
        card: { number: TEST_CARDS.accepted, expiry: '12/30', cvc: '123' },
      }, { 'Idempotency-Key': key });
      expect(paid.status, await paid.clone().text()).toBe(201);
      const { order } = z.object({ order: orderViewSchema }).parse(await paid.json());
      expect(await ledger.find(key)).toMatchObject({ amount_minor: shownMinor(figures.total), currency, outcome: 'charged' });
      expect(formatPrice(order.total_minor, order.currency)).toBe(figures.total);
      expect(order.total_minor).toBe(shownMinor(figures.total));
    }), { numRuns: 40 });
  }, 120_000);
});
