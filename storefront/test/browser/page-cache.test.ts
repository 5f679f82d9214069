import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { sessionFor, useProductDatabase } from './product-database';

/**
 * The gallery's page cache (storefront/lib/gallery/page-cache.ts, docs/PAGES.md): a visitor
 * without a session is served a page rendered for the same address, settings and search answer,
 * as an answer of its own (a new nonce, a new search id, recorded); a shopper with a session
 * never is. That an edit renders the page again is freshness.test.ts's "Back and Forward after
 * an edit", which asks one address before and after.
 */

const base = product.storefrontUrl;
const productDb = useProductDatabase();

/** An address no other test opens: a price band of its own. */
const ownAddress = () => `/shop/?price_min=${randomInt(100, 900)}&price_max=${randomInt(20_000, 90_000)}`;

/** A page as answered: whether it came from the cache, its nonce, its search ids and its HTML. */
async function visit(address: string, cookie?: string) {
  const response = await fetch(`${base}${address}`, { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  expect(response.status).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce, 'the page names a nonce').toBeDefined();
  return { kept: response.headers.get('x-page-cache') === 'hit', nonce: nonce!, searchIds: [...new Set([...html.matchAll(/data-search-id="([0-9a-f]+)"/g)].map((m) => m[1]!))], html };
}

describe("the gallery's page cache", () => {
  it("serves a visitor's later visits from the page rendered for the first, each with its own nonce and recorded search id", async () => {
    const address = ownAddress();
    const first = await visit(address);
    expect(first.kept, 'the first visit is rendered').toBe(false);
    let later = await visit(address);
    // The page is kept once its answer has finished, a moment after the visitor has it.
    await expect.poll(async () => (later = await visit(address)).kept, { message: 'a later visit is served the kept page' }).toBe(true);
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

  it('keeps pages apart by the settings a visitor’s cookies name', async () => {
    const address = ownAddress();
    await visit(address);
    await expect.poll(async () => (await visit(address)).kept).toBe(true);
    const inDollars = await visit(address, 'af-currency=USD');
    expect(inDollars.kept).toBe(false);
    expect(inDollars.html).toMatch(/class="card__now">\$\d/);
    expect(inDollars.html).not.toMatch(/class="card__now">£\d/);
  });

  it('never serves a kept page to a shopper with a session, and keeps none rendered for one', async () => {
    const address = ownAddress();
    const cookie = `sessionid=${await sessionFor(productDb())}`;
    for (let i = 0; i < 3; i++) expect((await visit(address, cookie)).kept).toBe(false);
    // Nor did the shopper's pages become a visitor's.
    expect((await visit(address)).kept).toBe(false);
  });
});
