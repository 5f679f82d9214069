import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { clickHydrated, screenshotPath, useChromium } from './chromium';
import { sessionFor, signedInContext, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

/** A word no work holds, as a shopper might type for a cat. */
const MADE_UP = 'zorblatt';

const cardSlugs = (page: Page) => page.locator('.gallery__results article.card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-slug')!));
const countOf = async (page: Page) => Number(((await page.locator('#gallery-count').textContent()) ?? '').replace(/[^\d]/g, ''));
const searchApi = async (q: string) =>
  (await (await fetch(`${base}/api/v2/product/s/?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' } })).json()) as { count: number; results: { slug: string; title: string }[] };

describe('the search levers', () => {
  it('lets staff make a made-up word find cats, and pin a work to lead its search', async () => {
    const context = await signedInContext(browser(), productDb(), 'staff', 1280);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${base}/shop/?q=${MADE_UP}`, { waitUntil: 'networkidle' });
    expect(await page.locator('#no-results-title').isVisible()).toBe(true);

    // Below the search report, reached from the account menu.
    await page.locator('.account-menu summary').click();
    await page.getByRole('link', { name: 'Search analytics' }).click();
    await page.waitForURL(`${base}/staff/search/`);

    const synonyms = page.locator('[data-levers="synonyms"]');
    await synonyms.getByLabel('Search words').fill(MADE_UP);
    await synonyms.getByLabel('Also finds').fill('cat');
    await clickHydrated(synonyms.getByRole('button', { name: 'Add synonym' }));
    await expect.poll(() => synonyms.getByRole('status').textContent()).toBe('Saved. Searches find it within a few seconds.');
    expect(await synonyms.locator(`[data-word="${MADE_UP}"]`).textContent()).toBe(`${MADE_UP} → catRemove`);

    // The same search finds cats within 5 s, asked of the API and as the gallery page (whose own
    // search the service may answer from its hot cache for up to a quarter of a second longer).
    await expect.poll(async () => (await searchApi(MADE_UP)).count, { timeout: 5000, interval: 200 }).toBeGreaterThan(0);
    await expect.poll(async () => {
      await page.goto(`${base}/shop/?q=${MADE_UP}`, { waitUntil: 'networkidle' });
      return countOf(page);
    }, { timeout: 5000, interval: 200 }).toBeGreaterThan(0);
    const titles = await page.locator('.gallery__results .card__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/\bcats?\b/i);

    // A work far down the search for "cat", pinned, leads it; the count stays.
    await page.goto(`${base}/shop/?q=cat`, { waitUntil: 'networkidle' });
    const before = await cardSlugs(page);
    const count = await countOf(page);
    expect(before.length).toBeGreaterThan(4);
    const pinned = before[before.length - 1]!;
    await page.goto(`${base}/staff/search/`, { waitUntil: 'networkidle' });
    const rules = page.locator('[data-levers="rules"]');
    await rules.getByLabel('Search words').fill('cat');
    // A work the catalogue does not have is refused by its list and line, not the API's path.
    await rules.getByLabel('Pinned works').fill(`${base}/product/${pinned}/ 1\nno-such-work-here 2`);
    await clickHydrated(rules.getByRole('button', { name: 'Add rule' }));
    await expect.poll(() => rules.locator('.levers__error').textContent()).toBe('Pinned works, line 2: there is no work no-such-work-here.');
    await rules.getByLabel('Pinned works').fill(`${base}/product/${pinned}/ 1`);
    await clickHydrated(rules.getByRole('button', { name: 'Add rule' }));
    const rule = rules.locator('[data-rule]');
    await expect.poll(() => rule.count()).toBe(1);
    expect(await rule.locator('.levers__what').textContent()).toBe(`Search “cat”${pinned} at 1`);
    await page.mouse.move(0, 0);
    await rules.screenshot({ path: screenshotPath('search-levers-desktop') });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await synonyms.screenshot({ path: screenshotPath('search-levers-phone') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await expect.poll(async () => (await searchApi('cat')).results[0]?.slug, { timeout: 5000, interval: 200 }).toBe(pinned);
    await expect.poll(async () => {
      await page.goto(`${base}/shop/?q=cat`, { waitUntil: 'networkidle' });
      return (await cardSlugs(page))[0];
    }, { timeout: 5000, interval: 200 }).toBe(pinned);
    expect(await countOf(page)).toBe(count);

    // Staff take both back; the made-up word finds nothing again.
    await page.goto(`${base}/staff/search/`, { waitUntil: 'networkidle' });
    await clickHydrated(rule.getByRole('button', { name: 'Delete' }));
    await expect.poll(() => rule.count()).toBe(0);
    await clickHydrated(synonyms.locator(`[data-word="${MADE_UP}"]`).getByRole('button', { name: 'Remove' }));
    await expect.poll(() => synonyms.locator('[data-word]').count()).toBe(0);
    await expect.poll(async () => (await searchApi(MADE_UP)).count, { timeout: 5000, interval: 200 }).toBe(0);
    await expect.poll(async () => (await searchApi('cat')).results[0]?.slug, { timeout: 5000, interval: 200 }).toBe(before[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['a visitor', null],
    ['a shopper', 'user'],
    ['an artist', 'provider'],
  ] as const)('are not there for %s, and every lever refuses them with 403', async (_, role) => {
    const headers: Record<string, string> = role ? { Cookie: `sessionid=${await sessionFor(productDb(), role)}` } : {};
    const response = await fetch(`${base}/staff/search/`, { headers });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Add synonym');
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, { method, headers: { ...headers, Origin: base, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect((await send('GET', '/api/staff/synonyms/')).status).toBe(403);
    expect((await send('PUT', '/api/staff/synonyms/', { synonyms: { kitty: ['cat'] } })).status).toBe(403);
    expect((await send('GET', '/api/staff/search-rules/')).status).toBe(403);
    expect((await send('POST', '/api/staff/search-rules/', { query: 'cat', hides: ['x'] })).status).toBe(403);
    expect((await send('PATCH', '/api/staff/search-rules/?id=1', { query: 'dog' })).status).toBe(403);
    expect((await send('DELETE', '/api/staff/search-rules/?id=1')).status).toBe(403);
  });
});
