import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Db } from '@easel/data/db';
import type { Language } from '../../lib/i18n/languages';
import { postToBasket } from './basket';
import { signedInContext } from './product-database';
import { product } from './worker-product';

/** Every kind of page the storefront serves, for the tests that walk them all. */

const base = product.storefrontUrl;

export interface PageType {
  name: string;
  /** The address, from what the catalogue holds. */
  path: (db: Db) => Promise<string>;
  /** Who looks at it: nobody signed in, a shopper, or staff. */
  as?: 'user' | 'staff';
  /** What their basket holds first: the most popular available work, or nothing. */
  basket?: 'a work';
}

const anAvailableWork = (db: Db) =>
  db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('popularity', 'desc').executeTakeFirstOrThrow();

/** The available work whose dearest print edition still on sale costs most: the prints table's widest rows. */
const aWorkWithPrints = (db: Db) =>
  db
    .selectFrom('artworks')
    .innerJoin('print_editions', 'print_editions.artwork_id', 'artworks.id')
    .select('artworks.slug')
    .where('artworks.status', '=', 'available')
    .where('print_editions.remaining', '>', 0)
    .orderBy('print_editions.price_minor', 'desc')
    .orderBy('artworks.id')
    .executeTakeFirstOrThrow();

const aPopularArtist = (db: Db) => db.selectFrom('artists').select('slug').orderBy('popularity', 'desc').executeTakeFirstOrThrow();

export const PAGE_TYPES: PageType[] = [
  { name: 'home', path: async () => '/' },
  { name: 'gallery', path: async () => '/shop/' },
  { name: 'category', path: async () => '/shop/painting/' },
  { name: 'no-results', path: async () => '/shop/?q=qqqqxxxxzzzz' },
  { name: 'product', path: async (db) => `/product/${(await anAvailableWork(db)).slug}/` },
  { name: 'product-prints', path: async (db) => `/product/${(await aWorkWithPrints(db)).slug}/#prints` },
  { name: 'artist', path: async (db) => `/artist/${(await aPopularArtist(db)).slug}/` },
  { name: 'basket', path: async () => '/basket/' },
  { name: 'login', path: async () => '/login/' },
  { name: 'checkout', path: async () => '/checkout/', as: 'user', basket: 'a work' },
  { name: 'checkout-empty', path: async () => '/checkout/' },
  { name: 'favourites', path: async () => '/account/favourites/', as: 'user' },
  { name: 'following', path: async () => '/account/following/', as: 'user' },
  { name: 'collections', path: async () => '/account/collections/', as: 'user' },
  { name: 'orders', path: async () => '/account/orders/', as: 'user' },
  { name: 'edit', path: async (db) => `/product/${(await anAvailableWork(db)).slug}/edit/`, as: 'staff' },
  { name: 'artist-edit', path: async (db) => `/artist/${(await aPopularArtist(db)).slug}/edit/`, as: 'staff' },
  { name: 'staff-index', path: async () => '/staff/index/', as: 'staff' },
  { name: 'not-found', path: async () => '/no-such-page/' },
];

/**
 * A page type opened at `width` by its viewer (a visitor, or a fresh account), the basket filled
 * first when it asks; in `language` when given, chosen in the settings as a shopper would
 * (PUT /api/u/: a cookie for a visitor, the account for a signed-in shopper).
 */
export async function openPageType(browser: Browser, db: Db, type: PageType, width: number, language?: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = type.as
    ? await signedInContext(browser, db, type.as, width)
    : await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (type.basket || language) await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
  if (language) {
    const saved = await page.evaluate(async (choice) => {
      const response = await fetch('/api/u/', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(choice) });
      return response.status;
    }, { currency: 'USD', country: 'US', display_units: 'in', language });
    expect(saved).toBe(200);
  }
  if (type.basket) expect((await postToBasket(page, (await anAvailableWork(db)).slug)).status).toBe(200);
  await page.goto(`${base}${await type.path(db)}`, { waitUntil: 'networkidle' });
  return { context, page };
}
