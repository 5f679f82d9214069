import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { sessionHash } from '@easel/data/queries/sessions';
import { sessionFor, useProductDatabase, workOnASmallArtistPage } from './product-database';

/**
 * The page cache (storefront/lib/page-cache.ts, docs/PAGES.md): a visitor without a session is
 * served a gallery, homepage or product page rendered for the same address and settings while
 * what it shows is unchanged, as an answer of its own (a new nonce; on the gallery a new search
 * id, recorded); a shopper with a session never is. That an edit renders a gallery page again is
 * also freshness.test.ts's "Back and Forward after an edit", which asks one address before and
 * after.
 */

const base = product.storefrontUrl;
const productDb = useProductDatabase();

/** A gallery address no other test opens: a price band of its own. */
const ownAddress = () => `/shop/?price_min=${randomInt(100, 900)}&price_max=${randomInt(20_000, 90_000)}`;
/** `path` as no other test opens it, which the cache keeps apart: with a query the page does not read. */
const ownVisit = (path: string) => `${path}?ref=${randomInt(1, 2 ** 31)}`;

/** A page as answered: whether it came from the cache, its nonce, its search ids and its HTML. */
async function visit(address: string, cookie?: string) {
  const response = await fetch(`${base}${address}`, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  expect(response.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce, 'the page names a nonce').toBeDefined();
  return { kept: response.headers.get('x-page-cache') === 'hit', nonce: nonce!, searchIds: [...new Set([...html.matchAll(/data-search-id="([0-9a-f]+)"/g)].map((m) => m[1]!))], html };
}

/**
 * Visits `address` until a visit is served the kept page: that answer, and the last one rendered
 * before it, whose page it is (a page is kept when asked for a second time, once its answer has
 * finished, a moment after the visitor had it).
 */
async function renderedThenKept(address: string) {
  let rendered = await visit(address);
  expect(rendered.kept, `${address}: the first visit is rendered`).toBe(false);
  let kept = rendered;
  await expect.poll(async () => {
    const next = await visit(address);
    if (next.kept) kept = next;
    else rendered = next;
    return next.kept;
  }, { message: `${address}: a later visit is served the kept page` }).toBe(true);
  return { rendered, kept };
}

describe('the page cache on the gallery', () => {
  it("serves a visitor's later visits from the page rendered for the first, each with its own nonce and recorded search id", async () => {
    const { rendered: first, kept: later } = await renderedThenKept(ownAddress());
    expect(first.searchIds).toHaveLength(1);
    expect(later.searchIds).toHaveLength(1);
    expect(later.nonce).not.toBe(first.nonce);
    expect(later.searchIds[0]).not.toBe(first.searchIds[0]);
    // Its scripts carry its own nonce, and nothing of the first answer's.
    expect(later.html).toContain(`nonce="${later.nonce}"`);
    expect(later.html).not.toContain(first.nonce);
    expect(later.html).not.toContain(first.searchIds[0]);
    const setAside = ({ html, nonce, searchIds }: typeof first) => html.replaceAll(nonce, '<nonce>').replaceAll(searchIds[0]!, '<search id>');
    expect(setAside(later)).toBe(setAside(first));
    // Both searches are recorded, each under its own id, for the search analytics.
    await expect.poll(async () => (await productDb().selectFrom('search_records').select('search_id').where('search_id', 'in', [first.searchIds[0]!, later.searchIds[0]!]).execute()).length, { timeout: 20_000 }).toBe(2);
  });

  it('compresses a page as the browser asks, rendered or kept: Brotli when it takes it, else gzip', async () => {
    const address = ownAddress();
    const answer = async (acceptEncoding: string) => {
      const response = await fetch(`${base}${address}`, { headers: { 'accept-encoding': acceptEncoding } });
      const html = await response.text();
      return { encoding: response.headers.get('content-encoding'), kept: response.headers.get('x-page-cache') === 'hit', whole: html.trimEnd().endsWith('</html>') };
    };
    // Chromium's own header, then one without Brotli; the first answer is rendered, the later ones kept.
    expect(await answer('gzip, deflate, br, zstd')).toEqual({ encoding: 'br', kept: false, whole: true });
    await renderedThenKept(address);
    expect(await answer('gzip, deflate, br, zstd')).toEqual({ encoding: 'br', kept: true, whole: true });
    expect(await answer('gzip, deflate')).toEqual({ encoding: 'gzip', kept: true, whole: true });
  });

  it('keeps pages apart by the settings a visitor’s cookies name', async () => {
    const address = ownAddress();
    await renderedThenKept(address);
    const inDollars = await visit(address, 'af-currency=USD');
    expect(inDollars.kept).toBe(false);
    expect(inDollars.html).toMatch(/class="card__now">\$\d/);
    expect(inDollars.html).not.toMatch(/class="card__now">£\d/);
  });

  it('never serves a kept page to a shopper with a session, and keeps none rendered for one', async () => {
    const address = ownAddress();
    const cookie = `sessionid=${await sessionFor(productDb())}`;
    // A visitor has asked once: a page rendered for the address now would be kept.
    expect((await visit(address)).kept).toBe(false);
    for (let i = 0; i < 3; i++) expect((await visit(address, cookie)).kept).toBe(false);
    // None of the shopper's pages was kept for the visitor.
    expect((await visit(address)).kept).toBe(false);
    // The visitor's own is, and the shopper is still rendered.
    await expect.poll(async () => (await visit(address)).kept).toBe(true);
    expect((await visit(address, cookie)).kept).toBe(false);
  });
});

describe('the page cache on the homepage and product pages', () => {
  it('serves a visitor the homepage and a product page kept for another, each with its own nonce', async () => {
    const work = await workOnASmallArtistPage(productDb());
    for (const address of [ownVisit('/'), ownVisit(`/product/${work.slug}/`)]) {
      const { rendered: first, kept: later } = await renderedThenKept(address);
      expect(later.nonce).not.toBe(first.nonce);
      expect(later.html).toContain(`nonce="${later.nonce}"`);
      expect(later.html.replaceAll(later.nonce, '<nonce>'), address).toBe(first.html.replaceAll(first.nonce, '<nonce>'));
    }
  });

  it('renders a product page again once its work is edited, and shows the edit', async () => {
    const db = productDb();
    const work = await workOnASmallArtistPage(db, 'asc');
    const address = ownVisit(`/product/${work.slug}/`);
    await renderedThenKept(address);
    const price = 880_000 + randomInt(0, 9_000);
    const staff = `sessionid=${await sessionFor(db, 'staff')}`;
    const edited = await fetch(`${base}/api/product/edit/?slug=${work.slug}`, {
      method: 'PATCH', body: JSON.stringify({ price_minor: price * 100, sale_price_minor: null }), headers: { cookie: staff, origin: base, 'content-type': 'application/json' },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const after = await visit(address);
    expect(after.kept).toBe(false);
    expect(after.html).toContain(`£${price.toLocaleString('en-GB')}`);
  });
});

describe('the page cache for a returning visitor', () => {
  it("serves the visitors' homepage and product page to a session with no account and an empty basket, and renders them for one with a basket", async () => {
    const db = productDb();
    const work = await workOnASmallArtistPage(db);
    const addresses = [ownVisit('/'), ownVisit(`/product/${work.slug}/`)];
    const viewed = await fetch(`${base}/api/recently-viewed/`, { method: 'POST', body: JSON.stringify({ slug: work.slug }), headers: { 'content-type': 'application/json', origin: base } });
    expect(viewed.status).toBe(200);
    const token = /sessionid=([^;]+)/.exec(viewed.headers.get('set-cookie') ?? '')![1]!;
    const cookie = `sessionid=${token}`;
    for (const address of addresses) {
      // Rendered for this session alone, the page is not kept.
      for (let i = 0; i < 3; i++) expect((await visit(address, cookie)).kept, address).toBe(false);
      const { kept } = await renderedThenKept(address);
      const returning = await visit(address, cookie);
      expect(returning.kept, address).toBe(true);
      expect(returning.html.replaceAll(returning.nonce, '<nonce>')).toBe(kept.html.replaceAll(kept.nonce, '<nonce>'));
    }
    // The homepage's recently viewed works are the browser's to load.
    expect((await visit(addresses[0]!, cookie)).html).toContain('data-deferred="recently-viewed"');

    // With something in the basket, the pages are the session's own: rendered, with its count.
    const { id } = await db.selectFrom('artworks').select('id').where('slug', '=', work.slug).executeTakeFirstOrThrow();
    const basket = await db.insertInto('baskets').values({ user_id: null, session_hash: sessionHash(token), promo_code: null, updated_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('basket_lines').values({ basket_id: basket.id, artwork_id: id, print_edition_id: null, quantity: 1, added_at: new Date().toISOString() }).execute();
    for (const address of addresses) {
      const withBasket = await visit(address, cookie);
      expect(withBasket.kept, address).toBe(false);
      expect(withBasket.html).toMatch(/basket_count\\?":1\b/);
      expect((await visit(address)).html).toMatch(/basket_count\\?":0\b/);
    }
  });
});

describe('pages the cache never keeps', () => {
  it('a homepage with sections left to the browser, and a gallery page without its results (a storefront with no server budget)', async () => {
    for (const path of ['/', '/shop/']) {
      const address = `${product.shellStorefrontUrl}${ownVisit(path)}`;
      for (let i = 0; i < 4; i++) {
        const response = await fetch(address);
        const html = await response.text();
        expect(response.status).toBe(200);
        if (path === '/') expect(html, 'the sections are the browser\'s to load').toContain(' data-missed=');
        expect(response.headers.get('x-page-cache'), `${path}, visit ${i + 1}`).toBeNull();
        // A page would be kept a moment after its answer.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
});
