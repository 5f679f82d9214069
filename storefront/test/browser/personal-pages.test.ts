import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getBasketCount } from '@easel/data/queries/basket';
import { sessionHash } from '@easel/data/queries/sessions';
import type { Db } from '@easel/data/db';
import { addSession, addUser } from '../../../data/test/fixtures';
import { SETTINGS_COOKIES } from '../../lib/settings/entity';
import { useProductDatabase } from './product-database';
import { product } from './worker-product';

/**
 * No shopper ever sees another's basket count, name, currency or language (docs/PAGES.md): the
 * same addresses rendered at the same time for visitors and signed-in shoppers with different
 * settings, sessions and baskets each show their own, whatever the server shares between requests
 * (the page cache among it: lib/page-cache.ts).
 */

const base = product.storefrontUrl;
const database = useProductDatabase();

interface Shopper {
  label: string;
  cookie: string;
  currency: 'GBP' | 'USD' | 'EUR';
  language: 'en-GB' | 'en-US';
  basket: number;
  /** A signed-in shopper's name, unique to this run. */
  name?: string;
}

/** A signed-in shopper with these settings and `lines` originals in their basket. */
async function signedIn(db: Db, label: string, settings: { currency: Shopper['currency']; country: string; display_units: 'cm' | 'in'; language: 'en-gb' | 'en-us' }, lines: number): Promise<Shopper> {
  const name = `${label}-${randomUUID().slice(0, 8)}`;
  const userId = await addUser(db, settings, `${name}@example.com`);
  const token = randomUUID();
  await addSession(db, token, userId);
  const basket = await db.insertInto('baskets').values({ user_id: userId, session_hash: null, promo_code: null, updated_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  const works = await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id', 'desc').limit(lines).execute();
  if (works.length > 0) {
    await db.insertInto('basket_lines').values(works.map((w) => ({ basket_id: basket.id, artwork_id: w.id, print_edition_id: null, quantity: 1, added_at: new Date().toISOString() }))).execute();
  }
  return {
    label, name, cookie: `sessionid=${token}`, currency: settings.currency, language: settings.language === 'en-us' ? 'en-US' : 'en-GB',
    basket: await getBasketCount(db, { userId }),
  };
}

/** A visitor who is not signed in, with one original in the basket their session keeps. */
async function visitorWithBasket(db: Db): Promise<Shopper> {
  const token = randomUUID();
  const basket = await db.insertInto('baskets').values({ user_id: null, session_hash: sessionHash(token), promo_code: null, updated_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
  const work = await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id', 'asc').limit(1).executeTakeFirstOrThrow();
  await db.insertInto('basket_lines').values({ basket_id: basket.id, artwork_id: work.id, print_edition_id: null, quantity: 1, added_at: new Date().toISOString() }).execute();
  return { label: 'visitor with a basket', cookie: `sessionid=${token}`, currency: 'GBP', language: 'en-GB', basket: await getBasketCount(db, { sessionHash: sessionHash(token) }) };
}

/** A visitor who is not signed in, whose session keeps a recently viewed work and an empty basket. */
async function returningVisitor(slug: string): Promise<Shopper> {
  const viewed = await fetch(`${base}/api/recently-viewed/`, { method: 'POST', body: JSON.stringify({ slug }), headers: { 'content-type': 'application/json', origin: base } });
  expect(viewed.status).toBe(200);
  return { label: 'returning visitor', cookie: viewed.headers.get('set-cookie')!.split(';')[0]!, currency: 'GBP', language: 'en-GB', basket: 0 };
}

/** Every value a pattern's first group takes in the page. */
const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

describe('the same pages for different shoppers at the same time', () => {
  it('each shopper sees only their own basket count, name, currency and language', async () => {
    const db = database();
    const slug = (await db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('popularity', 'desc').limit(1).executeTakeFirstOrThrow()).slug;
    const shoppers: Shopper[] = [
      { label: 'visitor', cookie: '', currency: 'GBP', language: 'en-GB', basket: 0 },
      { label: 'American visitor', cookie: `${SETTINGS_COOKIES.currency}=USD; ${SETTINGS_COOKIES.shipping}=US; ${SETTINGS_COOKIES.locale}=en-us:in`, currency: 'USD', language: 'en-US', basket: 0 },
      await returningVisitor(slug),
      await visitorWithBasket(db),
      await signedIn(db, 'ines', { currency: 'EUR', country: 'FR', display_units: 'cm', language: 'en-gb' }, 1),
      await signedIn(db, 'otto', { currency: 'USD', country: 'US', display_units: 'in', language: 'en-us' }, 2),
    ];
    expect(shoppers.map((s) => s.basket)).toEqual([0, 0, 0, 1, 1, 2]);
    const addresses = ['/', '/shop/', '/shop/painting/?colours=blue', `/product/${slug}/`];
    const names = shoppers.flatMap((s) => (s.name ? [s.name] : []));

    // Each shopper has seen each address twice, so the pages the server keeps for visitors are
    // kept; then every shopper asks for every address, four times over, all at once: each
    // address for all the shoppers side by side.
    for (const shopper of [...shoppers, ...shoppers]) {
      for (const address of addresses) await (await fetch(`${base}${address}`, { headers: shopper.cookie ? { cookie: shopper.cookie } : {} })).text();
    }
    const requests = Array.from({ length: 4 }, () => addresses.flatMap((address) => shoppers.map((shopper) => ({ shopper, address })))).flat();
    const pages = await Promise.all(requests.map(async ({ shopper, address }) => {
      const response = await fetch(`${base}${address}`, { headers: shopper.cookie ? { cookie: shopper.cookie } : {} });
      return { shopper, address, status: response.status, html: await response.text() };
    }));

    for (const { shopper, address, status, html } of pages) {
      const where = `${shopper.label} on ${address}`;
      expect(status, where).toBe(200);
      expect(all(html, /<html lang="([^"]+)"/g), `${where}: the language`).toEqual([shopper.language]);
      // The settings the page was rendered with, as its payload carries them to the browser.
      const counts = all(html, /basket_count\\?":(\d+)/g);
      expect(counts.length, `${where}: the basket count is on the page`).toBeGreaterThan(0);
      expect(new Set(counts), `${where}: the basket count`).toEqual(new Set([String(shopper.basket)]));
      // React's payload writes a string that begins with $ as $$.
      expect(new Set(all(html, /currency_symbol\\?":\\?"([^"\\]+)/g).map((symbol) => symbol?.replace(/^\$\$/, '$'))), `${where}: the currency`).toEqual(new Set([{ GBP: '£', USD: '$', EUR: '€' }[shopper.currency]]));
      for (const name of names) {
        if (name === shopper.name) expect(html, `${where}: their own name`).toContain(name);
        else expect(html, `${where}: another shopper's name`).not.toContain(name);
      }
    }
  }, 120_000);
});
