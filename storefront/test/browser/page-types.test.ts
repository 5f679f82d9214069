import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postToBasket } from './basket';
import { product } from './worker-product';
import { seriousAccessibilityViolations } from './axe';
import { screenshotPath, useChromium } from './chromium';
import { signedInContext, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

/** The smallest phone, a usual phone and a laptop: every page type is screenshotted at each, for people to look at. */
const WIDTHS = [320, 390, 1366] as const;

interface PageType {
  name: string;
  /** The address, from what the catalogue holds. */
  path: () => Promise<string>;
  /** Who looks at it: nobody signed in, a shopper, or staff. */
  as?: 'user' | 'staff';
  /** What their basket holds first: the most popular available work, or nothing. */
  basket?: 'a work';
}

const anAvailableWork = () =>
  productDb().selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('popularity', 'desc').executeTakeFirstOrThrow();

/** The available work whose dearest print edition still on sale costs most: the prints table's widest rows. */
const aWorkWithPrints = () =>
  productDb()
    .selectFrom('artworks')
    .innerJoin('print_editions', 'print_editions.artwork_id', 'artworks.id')
    .select('artworks.slug')
    .where('artworks.status', '=', 'available')
    .where('print_editions.remaining', '>', 0)
    .orderBy('print_editions.price_minor', 'desc')
    .orderBy('artworks.id')
    .executeTakeFirstOrThrow();

const aPopularArtist = () => productDb().selectFrom('artists').select('slug').orderBy('popularity', 'desc').executeTakeFirstOrThrow();

const PAGE_TYPES: PageType[] = [
  { name: 'home', path: async () => '/' },
  { name: 'gallery', path: async () => '/shop/' },
  { name: 'category', path: async () => '/shop/painting/' },
  { name: 'no-results', path: async () => '/shop/?q=qqqqxxxxzzzz' },
  { name: 'product', path: async () => `/product/${(await anAvailableWork()).slug}/` },
  { name: 'product-prints', path: async () => `/product/${(await aWorkWithPrints()).slug}/#prints` },
  { name: 'artist', path: async () => `/artist/${(await aPopularArtist()).slug}/` },
  { name: 'basket', path: async () => '/basket/' },
  { name: 'checkout', path: async () => '/checkout/', as: 'user', basket: 'a work' },
  { name: 'checkout-empty', path: async () => '/checkout/' },
  { name: 'favourites', path: async () => '/account/favourites/', as: 'user' },
  { name: 'following', path: async () => '/account/following/', as: 'user' },
  { name: 'collections', path: async () => '/account/collections/', as: 'user' },
  { name: 'orders', path: async () => '/account/orders/', as: 'user' },
  { name: 'edit', path: async () => `/product/${(await anAvailableWork()).slug}/edit/`, as: 'staff' },
  { name: 'artist-edit', path: async () => `/artist/${(await aPopularArtist()).slug}/edit/`, as: 'staff' },
  { name: 'staff-index', path: async () => '/staff/index/', as: 'staff' },
  { name: 'not-found', path: async () => '/no-such-page/' },
];

async function open(type: PageType, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = type.as
    ? await signedInContext(browser(), productDb(), type.as, width)
    : await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (type.basket) {
    await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
    expect((await postToBasket(page, (await anAvailableWork()).slug)).status).toBe(200);
  }
  await page.goto(`${base}${await type.path()}`, { waitUntil: 'networkidle' });
  return { context, page };
}

describe('every page type, at phone and laptop widths', () => {
  for (const type of PAGE_TYPES) {
    for (const width of WIDTHS) {
      it(`${type.name} at ${width} px: nothing wider than the screen, no serious accessibility fault`, async () => {
        const { context, page } = await open(type, width);
        try {
          await page.screenshot({ path: screenshotPath(`page-${type.name}-${width}`), fullPage: true });
          // Nothing sticks out sideways: the page scrolls only down.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
