import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { getSearchIndexState } from '@easel/data/queries/search-source';
import { screenshotPath, useChromium } from './chromium';
import { sessionFor, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

const figure = (name: string) => `[data-figure="${name}"] dd`;

describe('the staff index page', () => {
  it('shows staff the figures and rebuilds the index with its progress up to done', async () => {
    const before = (await getSearchIndexState(productDb(), 'artworks'))!;
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'sessionid', value: await sessionFor(productDb(), 'staff'), url: base }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    // Reached from the account menu.
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('.account-menu summary').click();
    await page.getByRole('link', { name: 'Search index' }).click();
    await page.waitForURL(`${base}/staff/index/`);
    expect(await page.title()).toBe('Search index | Easel');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await page.locator(figure('documents')).textContent()).toBe(before.documents.toLocaleString('en-GB'));
    expect(await page.locator(figure('lag')).textContent()).toMatch(/^\d[\d,]*$/);
    expect(await page.locator(figure('rebuilt')).textContent()).toContain(`took ${(before.duration_ms / 1000).toFixed(1)} s`);
    expect(await page.locator(figure('synced')).textContent()).toMatch(/UTC$/);
    await page.screenshot({ path: screenshotPath('staff-index-desktop'), fullPage: true });

    await page.getByRole('button', { name: 'Re-index now' }).click();
    // Off the button, so the screenshots show it at rest.
    await page.mouse.move(0, 0);
    const progress = page.locator('.staff-index__progress');
    await expect.poll(() => progress.getAttribute('data-state')).toBe('running');
    expect(await page.getByRole('button', { name: 'Re-index now' }).isDisabled()).toBe(true);
    await page.screenshot({ path: screenshotPath('staff-index-rebuilding'), fullPage: true });
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
    expect(await progress.textContent()).toMatch(/^Re-index finished in \d+\.\d s\.$/);
    expect(await page.evaluate(() => (document.querySelector('.staff-index__progress progress') as HTMLProgressElement).position)).toBe(1);

    const after = (await getSearchIndexState(productDb(), 'artworks'))!;
    expect(after.built_at > before.built_at).toBe(true);
    expect(await page.locator(figure('documents')).textContent()).toBe(after.documents.toLocaleString('en-GB'));
    expect(await page.getByRole('button', { name: 'Re-index now' }).isEnabled()).toBe(true);

    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('staff-index-phone'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['a visitor', null, 401],
    ['a shopper', 'user', 403],
    ['an artist', 'provider', 403],
  ] as const)('is not there for %s, and its API refuses them', async (_, role, apiStatus) => {
    const headers: Record<string, string> = role ? { Cookie: `sessionid=${await sessionFor(productDb(), role)}` } : {};
    const response = await fetch(`${base}/staff/index/`, { headers });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>We couldn’t find that page<\/h1>/);
    expect(html).not.toContain('Re-index now');
    expect((await fetch(`${base}/api/staff/index/`, { headers })).status).toBe(apiStatus);
    const post = await fetch(`${base}/api/staff/index/`, { method: 'POST', headers: { ...headers, Origin: base } });
    expect(post.status).toBe(apiStatus);
  });

  it('shows a shopper no link to it in the account menu', async () => {
    const context = await browser().newContext();
    await context.addCookies([{ name: 'sessionid', value: await sessionFor(productDb(), 'user'), url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.locator('.account-menu summary').click();
    expect(await page.locator('.account-menu__panel a[href="/staff/index/"]').count()).toBe(0);
    expect(await page.locator('.account-menu__panel button').count()).toBeGreaterThan(0);
    await context.close();
  });
});
