import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe';
import { clickHydrated, hydrated, screenshotPath, useChromium } from './chromium';
import { sessionFor, signedInContext, useProductDatabase } from './product-database';
import { product } from './worker-product';
import { DRAIN_INTERVAL_MS } from '../../lib/search-analytics/recorder';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

/** A word no work has: letters only, new each run. */
const madeUpWord = () => `zq${[...randomBytes(5)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

describe('search analytics, as shoppers and staff use it', () => {
  it('shows twenty searches for a made-up word under "find nothing" within a minute, each row opening the gallery on it', async () => {
    const word = madeUpWord();
    const shopper = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await shopper.newPage();
    await page.goto(`${base}/`);
    // As a new shopper would: typed in the header's box, Enter, twenty times. Each Enter loads
    // the gallery afresh, the same address from the second time on.
    for (let i = 0; i < 20; i++) {
      const box = page.getByRole('combobox', { name: 'Search artworks and artists' });
      await hydrated(box);
      await box.fill(word);
      const loaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
      await box.press('Enter');
      await loaded;
      await page.waitForURL(`${base}/shop/?q=${word}`);
      await page.getByRole('heading', { name: 'No artworks match this search' }).waitFor();
    }
    // Searches of several words, asked of the API as the gallery asks them, for the tables to lay out.
    for (const words of [`${word} sesacape`, `${word} blue the landing`, `${word} hudson pantings`]) {
      expect((await page.request.get(`${base}/api/v2/product/s/?q=${encodeURIComponent(words)}`)).status()).toBe(200);
    }
    // And a word longer than its column, as a pasted string would be, searched often enough to be
    // among the twenty searches that find nothing most often.
    const longWord = `${word}${'longer'.repeat(10)}`;
    for (let i = 0; i < 12; i++) expect((await page.request.get(`${base}/api/v2/product/s/?q=${longWord}`)).status()).toBe(200);
    const searched = Date.now();
    await shopper.close();

    const staff = await signedInContext(browser(), productDb(), 'staff');
    const report = await staff.newPage();
    const errors: string[] = [];
    report.on('pageerror', (e) => errors.push(e.message));
    await report.goto(`${base}/`);
    await report.locator('.account-menu summary').click();
    await report.getByRole('link', { name: 'Search analytics' }).click();
    await report.waitForURL(`${base}/staff/search/`);
    expect(await report.title()).toBe('Search analytics | Easel');
    const zero = report.locator('[data-section="zero"] tbody tr').filter({ has: report.getByRole('link', { name: word, exact: true }) });
    // The header box may also have searched as the word was typed: those searches count too.
    await expect.poll(async () => {
      if ((await zero.count()) === 0) await report.reload();
      return (await zero.count()) === 0 ? 0 : Number(await zero.locator('td').first().textContent());
    }, { timeout: 60_000, interval: 1000 }).toBeGreaterThanOrEqual(20);
    const gallerySearches = await productDb().selectFrom('search_records').select('result_count').where('query', '=', word).where('source', '=', 'gallery').execute();
    expect(gallerySearches).toEqual(Array.from({ length: 20 }, () => ({ result_count: 0 })));
    console.log(`search analytics: twenty searches shown under "find nothing" ${((Date.now() - searched) / 1000).toFixed(1)} s after the last`);

    // The chart beside the table is an SVG drawn on the server, and the page passes axe.
    expect(await report.locator('[data-section="zero"] .search-report__chart svg:visible').count()).toBe(1);
    expect(await report.locator('[data-section="over-time"] .search-report__chart svg:visible path').count()).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(report)).toEqual([]);
    // On a laptop every table fits beside its chart without scrolling sideways, the long word among
    // them; no searched word that fits its column is broken across lines (a line may still end at a
    // hyphen or a slash); and every bar's label lies inside its chart.
    expect(await report.locator('[data-section="zero"] tbody th').filter({ hasText: longWord }).count()).toBe(1);
    expect(await report.evaluate(() => ({
      tables: [...document.querySelectorAll<HTMLElement>('.search-report__table')].filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.closest('section')?.dataset.section),
      brokenWords: [...document.querySelectorAll<HTMLElement>('.search-report__table tbody th')].flatMap((cell) => {
        const style = getComputedStyle(cell);
        const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const measure = document.createElement('canvas').getContext('2d')!;
        measure.font = style.font;
        const broken: string[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent!.matchAll(/[^\s\-/]+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
            if (lines > 1 && measure.measureText(match[0]).width <= room) broken.push(match[0]);
          }
        }
        return broken;
      }),
      labels: [...document.querySelectorAll('.search-report__chart svg')].flatMap((svg) => {
        const chart = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].filter((text) => {
          const box = text.getBoundingClientRect();
          return box.left < chart.left || box.right > chart.right;
        }).map((text) => text.textContent);
      }),
    }))).toEqual({ tables: [], brokenWords: [], labels: [] });
    await report.screenshot({ path: screenshotPath('staff-search-desktop'), fullPage: true });
    // Chart text is as legible on a phone as on a laptop: each shown chart's smallest text, at the size it is drawn.
    const smallestChartText = () => report.evaluate(() => Math.min(...[...document.querySelectorAll<SVGSVGElement>('.search-report__chart svg')].flatMap((svg) => {
      const drawn = svg.getBoundingClientRect().width;
      if (drawn === 0) return [];
      const scale = drawn / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')].map((text) => parseFloat(getComputedStyle(text).fontSize) * scale);
    })));
    expect(await smallestChartText()).toBeGreaterThanOrEqual(10);
    await report.setViewportSize({ width: 375, height: 800 });
    expect(await report.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await report.screenshot({ path: screenshotPath('staff-search-phone'), fullPage: true });
    await report.setViewportSize({ width: 320, height: 800 });
    expect(await smallestChartText()).toBeGreaterThanOrEqual(10);

    // Days the wrong way round are said so in words, and the last 30 days shown instead.
    await report.goto(`${base}/staff/search/?from=2026-12-02&to=2026-11-01`);
    expect(await report.locator('.notice[role="alert"]').textContent()).toBe('Those days could not be shown: the first day must be on or before the last day, 2026-11-01. Here are the last 30 days instead.');
    await report.goBack();

    await zero.getByRole('link', { name: word, exact: true }).click();
    await report.waitForURL(`${base}/shop/?q=${word}`);
    await report.getByRole('heading', { name: 'No artworks match this search' }).waitFor();
    expect(errors).toEqual([]);
    await staff.close();
  }, 180_000);

  it("ties a result's click to its search, with the result's position", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/shop/?q=cat`);
    const second = page.locator('article.card').nth(1);
    // What the clicked card named as it was clicked, kept where the next page can read it: the
    // other test files edit the catalogue meanwhile, and the gallery shows a changed answer as
    // soon as it learns of it.
    await page.evaluate(() => document.addEventListener('click', (event) => {
      const card = (event.target as Element).closest<HTMLElement>('article.card');
      if (card) sessionStorage.setItem('test-clicked-card', JSON.stringify({ slug: card.dataset.slug, searchId: card.dataset.searchId, position: card.dataset.position }));
    }, { capture: true }));
    await clickHydrated(second.locator('a.card__link'));
    await page.waitForURL(/\/product\//);
    const clicked = JSON.parse((await page.evaluate(() => sessionStorage.getItem('test-clicked-card')))!) as { slug: string; searchId: string; position: string };
    expect(clicked.searchId).toMatch(/^[0-9a-f]{32}$/);
    expect(clicked.position).toBe('2');
    const clicks = () => productDb().selectFrom('search_outcomes').select(['search_id', 'position']).where('slug', '=', clicked.slug).where('kind', '=', 'click').execute();
    await expect.poll(clicks, { timeout: 20_000, message: 'the click reaches the server, naming its search and position' }).toContainEqual({ search_id: clicked.searchId, position: 2 });
    await expect.poll(async () => (await productDb().selectFrom('search_records').select('clicked').where('search_id', '=', clicked.searchId).executeTakeFirst())?.clicked, { timeout: 20_000 }).toBe(1);
    await context.close();
  }, 60_000);

  it('counts a click made before the tracker has loaded, when the card leaves the page at once', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // The tracker's own chunk (the one that names the clicks' endpoint) is held back on the
    // gallery, as a slow phone's idle moment would: the shopper clicks a card before it loads.
    let holdTracker = true;
    await page.route('**/_next/static/chunks/**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (holdTracker && body.includes('/api/tracking/clicks/')) return; // never answered while the gallery is open
      await route.fulfill({ response, body });
    });
    await page.goto(`${base}/shop/?q=cat`);
    const first = page.locator('article.card').first();
    const slug = (await first.getAttribute('data-slug'))!;
    const searchId = (await first.getAttribute('data-search-id'))!;
    await clickHydrated(first.locator('a.card__link'));
    holdTracker = false;
    await page.waitForURL(/\/product\//);
    const clicks = () => productDb().selectFrom('search_outcomes').select(['search_id', 'position']).where('slug', '=', slug).where('kind', '=', 'click').execute();
    await expect.poll(clicks, { timeout: 20_000, message: "the product page's tracker sends the gallery's click" }).toContainEqual({ search_id: searchId, position: 1 });
    await context.close();
  }, 60_000);

  it('counts a card opened in a new tab before the tracker has loaded once, not once in each tab', async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    // Both tabs' trackers are held back until the click has been made and the new tab has opened.
    let holdTracker = true;
    await context.route('**/_next/static/chunks/**', async (route) => {
      // A chunk still loading when the test closes its tabs has nowhere to go: that is no failure of the test's.
      await route.fetch().then(async (response) => {
        const body = await response.text();
        if (body.includes('/api/tracking/clicks/')) while (holdTracker) await new Promise((resolve) => setTimeout(resolve, 50));
        await route.fulfill({ response, body });
      }).catch(() => route.abort().catch(() => undefined));
    });
    const gallery = await context.newPage();
    await gallery.goto(`${base}/shop/?q=cat`);
    const card = gallery.locator('article.card').nth(1);
    const slug = (await card.getAttribute('data-slug'))!;
    const searchId = (await card.getAttribute('data-search-id'))!;
    const opened = context.waitForEvent('page');
    await clickHydrated(card.locator('a.card__link'), () => gallery.keyboard.down('Control'));
    await gallery.keyboard.up('Control');
    const tab = await opened;
    await tab.waitForURL(/\/product\//);
    expect(gallery.url(), 'the gallery stays open in its own tab').toBe(`${base}/shop/?q=cat`);
    // Each tab's tracker loads and sends what it holds: the gallery its click, the new tab its page view.
    const sent = [gallery.waitForRequest(`${base}/api/tracking/clicks/`), tab.waitForRequest(`${base}/t/event/`)];
    holdTracker = false;
    await Promise.all(sent);
    const clicks = () => productDb().selectFrom('search_outcomes').select(['search_id', 'position']).where('slug', '=', slug).where('search_id', '=', searchId).where('kind', '=', 'click').execute();
    await expect.poll(clicks, { timeout: 20_000, message: 'the click reaches the server' }).toHaveLength(1);
    await context.close();
    // Both tabs' sends have arrived; two of the recorder's drains store anything else they carried.
    await new Promise((resolve) => setTimeout(resolve, 2 * DRAIN_INTERVAL_MS));
    expect(await clicks(), 'counted once').toEqual([{ search_id: searchId, position: 2 }]);
  }, 60_000);

  it.each([
    ['a visitor', null],
    ['a shopper', 'user'],
    ['an artist', 'provider'],
  ] as const)('is not there for %s, and its API answers them 403', async (_, role) => {
    const headers: Record<string, string> = role ? { Cookie: `sessionid=${await sessionFor(productDb(), role)}` } : {};
    const response = await fetch(`${base}/staff/search/`, { headers });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Searches that find nothing');
    expect((await fetch(`${base}/api/staff/search-analytics/`, { headers })).status).toBe(403);
  });
});
