import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { screenshotPath, useChromium } from './chromium';
import { expectNotFoundPage } from './not-found';

const base = product.storefrontUrl;
const browser = useChromium();

/** Whether a request is a gallery search (the contract's search endpoint, not its count or price bars). */
const isSearch = (url: string) => new URL(url).pathname === '/api/v2/product/s/';

/** A page that records the gallery's search requests (those not refused) and any script error. */
async function openGallery(path: string, options: { width?: number; url?: string; context?: BrowserContext } = {}) {
  const context = options.context ?? (await browser().newContext({ viewport: { width: options.width ?? 1280, height: 900 } }));
  const page = await context.newPage();
  const searches: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (isSearch(r.url())) searches.push(r.url());
  });
  // A search a busy machine could not answer in time (503, 504, or past the browser's own budget,
  // which aborts it) is asked again by design, a few seconds later (gallery-view.tsx,
  // SEARCH_RETRY_MS): only the searches that were answered count.
  const unanswered = (url: string) => {
    const asked = searches.indexOf(url);
    if (isSearch(url) && asked !== -1) searches.splice(asked, 1);
  };
  page.on('response', (r) => {
    if (r.status() >= 500) unanswered(r.url());
  });
  page.on('requestfailed', (r) => unanswered(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${options.url ?? base}${path}`, { waitUntil: 'networkidle' });
  return { page, searches, errors, close: () => context.close() };
}

const countText = (page: Page) => page.locator('#gallery-count').textContent();
const countOf = async (page: Page) => Number((await countText(page))!.replace(/[^\d]/g, ''));
const cardSlugs = (page: Page) => page.locator('.grid .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')));
const applyButton = (page: Page) => page.locator('.filters__apply-button');

/** Edits the draft and returns the count the apply button shows once `_count` has answered for it. */
async function previewAfter(page: Page, edit: () => Promise<unknown>): Promise<number> {
  let asked: string | undefined;
  const onRequest = (r: { url(): string }) => {
    if (r.url().includes('/_count/')) asked = r.url();
  };
  page.on('request', onRequest);
  await edit();
  await page.waitForResponse((r) => r.url().includes('/_count/'));
  // The draft's count is the answer to the last count the page asked for; asked again from here,
  // as the page's own answer body is gone if its address changes meanwhile.
  let count = -1;
  await expect
    .poll(async () => {
      count = ((await (await fetch(asked!)).json()) as { count: number }).count;
      return new RegExp(`^Show ${count.toLocaleString('en-GB')} artworks?$`).test((await applyButton(page).textContent()) ?? '');
    })
    .toBe(true);
  page.off('request', onRequest);
  return count;
}

/** Runs an action that searches and waits for the search's answer to be on the page. */
async function searching(page: Page, action: () => Promise<unknown>) {
  const answered = page.waitForResponse((r) => isSearch(r.url()));
  await action();
  await (await answered).finished();
}

async function apply(page: Page) {
  await searching(page, () => applyButton(page).click());
}

describe('the gallery page', () => {
  it('is server-rendered: the HTML has the first page of artworks, indexable with its own canonical', async () => {
    const html = await (await fetch(`${base}/shop/painting/`)).text();
    expect(html.match(/class="card"/g)?.length).toBe(60);
    expect(html).toContain('<title>Original paintings for sale | Buy from the artists | Easel</title>');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/shop\/painting\/"/);
    expect(html).not.toContain('noindex');
  });

  it.each([1190, 390])('draws a card\'s picture from a source as sharp as a three-times screen at %i px', async (width) => {
    const context = await browser().newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 3 });
    const { page, close } = await openGallery('/shop/', { context });
    const image = page.locator('.grid .card__image').first();
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    const { drawn, source } = await image.evaluate((i: HTMLImageElement) => ({
      drawn: i.getBoundingClientRect().width * window.devicePixelRatio,
      source: Number(/\/(\d+)\.webp$/.exec(i.currentSrc)![1]),
    }));
    expect(drawn).toBeGreaterThan(300);
    expect(source).toBeGreaterThanOrEqual(drawn);
    await close();
  });

  it('shows artworks with JavaScript disabled', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const { page, close } = await openGallery('/shop/', { context });
    expect(await page.locator('.grid .card').count()).toBe(60);
    expect(await countOf(page)).toBeGreaterThan(1000);
    await close();
  });

  it('marks a filtered search noindex, canonical to its landing page', async () => {
    const html = await (await fetch(`${base}/shop/painting/?colours=blue&sort=newest`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/shop\/painting\/"/);
  });

  it.each(['/shop/not-a-category/', '/shop/painting/bronze/', '/shop/painting/oil/extra/', '/shop/%FF/'])('answers %s with a 404 page', async (path) => {
    await expectNotFoundPage(`${base}${path}`);
  });

  it('hydrates from the server without searching again, and searches once per apply', async () => {
    const { page, searches, errors, close } = await openGallery('/shop/');
    expect(searches).toHaveLength(0);
    await previewAfter(page, () => page.locator('label[for="colours-blue"]').click());
    expect(searches).toHaveLength(0);
    await apply(page);
    await page.waitForTimeout(500);
    expect(searches).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('filtering (SPEC section 4)', () => {
  it('previews the draft count, then applies it to results and address', async () => {
    const { page, close } = await openGallery('/shop/');
    const total = await countOf(page);
    const blue = await previewAfter(page, () => page.locator('label[for="colours-blue"]').click());
    expect(blue).toBeLessThan(total);
    // Still the draft: the results have not changed.
    expect(await countOf(page)).toBe(total);
    const both = await previewAfter(page, () => page.locator('.filter-section[data-section="style"] .facet-list__label').first().click());
    expect(both).toBeLessThanOrEqual(blue);
    await apply(page);
    expect(new URL(page.url()).searchParams.getAll('colours')).toEqual(['blue']);
    expect(new URL(page.url()).searchParams.getAll('style')).toHaveLength(1);
    await expect.poll(() => countOf(page)).toBe(both);
    expect(await page.locator('.chip').count()).toBe(2);
    await close();
  });

  it("resets only a section's own filter", async () => {
    const { page, close } = await openGallery('/shop/?colours=blue&shape=portrait');
    await page.locator('.filter-section[data-section="colour"] .filter-section__reset').click();
    expect(await page.locator('#colours-blue').isChecked()).toBe(false);
    expect(await page.locator('#shape-portrait').isChecked()).toBe(true);
    await apply(page);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('colours')).toEqual([]);
    expect(url.searchParams.getAll('shape')).toEqual(['portrait']);
    await close();
  });

  it('reset all keeps only the sort', async () => {
    const { page, close } = await openGallery('/shop/painting/?colours=blue&sort=newest&in_sale=on&ships_to=FR');
    await page.getByRole('button', { name: 'Reset all' }).click();
    await apply(page);
    expect(page.url()).toBe(`${base}/shop/?sort=newest`);
    await close();
  });

  it('clearing ships-to clears free shipping', async () => {
    const { page, close } = await openGallery('/shop/?ships_to=FR&free_shipping=true');
    expect(await page.locator('#free_shipping').isChecked()).toBe(true);
    await page.locator('#ships-to').selectOption('');
    expect(await page.locator('#free_shipping').isChecked()).toBe(false);
    await apply(page);
    expect(page.url()).toBe(`${base}/shop/`);
    await close();
  });

  it('removes a filter with its chip at once', async () => {
    const { page, searches, close } = await openGallery('/shop/?colours=blue&colours=red');
    await searching(page, () => page.getByRole('button', { name: /^Red/ }).click());
    expect(page.url()).toBe(`${base}/shop/?colours=blue`);
    expect(searches).toHaveLength(1);
    await close();
  });
});

describe('sort, pages and history', () => {
  it('sorts by price, in the address too', async () => {
    const { page, close } = await openGallery('/shop/');
    await searching(page, () => page.locator('#gallery-sort').selectOption('price_asc'));
    expect(page.url()).toBe(`${base}/shop/?sort=price_asc`);
    const amounts = async () => (await page.locator('.grid .card .card__now').allTextContents()).map((p) => Number(p.replace(/[^\d]/g, '')));
    await expect.poll(async () => {
      const shown = await amounts();
      return shown.length === 60 && shown.every((a, i) => i === 0 || shown[i - 1]! <= a);
    }).toBe(true);
    await close();
  });

  it('pages, walks back and forward, and restores on reload', async () => {
    const { page, searches, close } = await openGallery('/shop/');
    const first = await cardSlugs(page);
    await searching(page, () => page.locator('.pagination').getByRole('link', { name: 'Page 2' }).click());
    expect(page.url()).toBe(`${base}/shop/?page=2`);
    await expect.poll(() => cardSlugs(page)).not.toEqual(first);
    const second = await cardSlugs(page);
    await page.goBack();
    await expect.poll(() => cardSlugs(page)).toEqual(first);
    await page.goForward();
    await expect.poll(() => cardSlugs(page)).toEqual(second);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await cardSlugs(page)).toEqual(second);
    // Page 2, then page 1 again (the browser never fetched it: the server did); forward to
    // page 2 comes from the client's cache, and the reload hydrates. Nothing repeats or loops.
    expect(searches.length).toBe(2);
    await close();
  });
});

describe('when the server runs out of search time', () => {
  it('sends the shell and the browser searches, once', async () => {
    const shell = product.shellStorefrontUrl;
    const html = await (await fetch(`${shell}/shop/?colours=red`)).text();
    expect(html).not.toContain('class="card"');
    const { page, searches, errors, close } = await openGallery('/shop/?colours=red', { url: shell });
    await expect.poll(() => page.locator('.grid .card').count()).toBeGreaterThan(0);
    expect(searches).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('hand-edited addresses', () => {
  it('drop what they cannot use, say so, and still show a gallery', async () => {
    const response = await fetch(`${base}/shop/?colours=plaid&page=x&price_min=900&price_max=100&junk=1&style=folk`);
    expect(response.status).toBe(200);
    const { page, close } = await openGallery('/shop/?colours=plaid&page=x&price_min=900&price_max=100&junk=1&style=folk');
    // Named as shoppers know them, not by their parameters.
    const notice = (await page.locator('.gallery__notice').textContent())!.replace(/.*left out: |\.$/g, '').split(', ');
    expect(notice.sort()).toEqual(['Colour', 'Maximum price', 'Page', 'junk']);
    expect(await page.locator('.grid .card').count()).toBeGreaterThan(0);
    expect(await page.locator('.chip').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Folk/)]));
    await close();
  });
});

describe('the one search contract', () => {
  it('searches with one request per apply, on the contract with the address\'s parameters', async () => {
    const { page, searches, close } = await openGallery('/shop/');
    await previewAfter(page, () => page.locator('label[for="colours-blue"]').click());
    await apply(page);
    expect(searches).toHaveLength(1);
    const asked = new URL(searches[0]!).searchParams;
    expect(asked.getAll('colours')).toEqual(['blue']);
    await close();
  });

  it("answers the browser's searches on the storefront's origin compressed, revalidated by the search service's ETag", async () => {
    const first = await fetch(`${base}/api/v2/product/s/?colours=red`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toContain('max-age=1800');
    expect(((await first.json()) as { count: number }).count).toBeGreaterThan(0);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await fetch(`${base}/api/v2/product/s/?colours=red`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('reaches every value of a long list: "Show all" lists each one the search counts', async () => {
    const { page, close } = await openGallery('/shop/');
    const answer = (await (await fetch(`${base}/api/v2/product/s/?limit=100&paginate=1`)).json()) as { facets: Record<string, { count: number }[]> };
    for (const [section, param] of [['subject', 'subject'], ['colour', 'colours'], ['style', 'style']] as const) {
      const counted = answer.facets[param]!.filter((v) => v.count > 0).length;
      expect(counted).toBeGreaterThan(12);
      const items = page.locator(`.filter-section[data-section="${section}"] .facet-list__item`);
      expect(await items.count()).toBe(12);
      await page.locator(`.filter-section[data-section="${section}"] .facet-list__more`).click();
      expect(await items.count()).toBe(counted);
    }
    await close();
  });

  it('keeps the heading, title, canonical and robots in step with a search made on the page', async () => {
    const { page, close } = await openGallery('/shop/');
    const head = () => page.evaluate(() => ({
      h1: document.querySelector('h1')?.textContent,
      title: document.title,
      canonical: new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href).pathname,
      alternate: new URL(document.querySelector<HTMLLinkElement>('link[rel="alternate"][hreflang="en-GB"]')!.href).pathname,
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content'),
    }));
    expect(await head()).toMatchObject({ h1: 'Original art for sale', canonical: '/shop/' });
    await previewAfter(page, () => page.locator('label[for="category-painting"]').click());
    await apply(page);
    await expect.poll(head).toEqual({
      h1: 'Original paintings for sale', title: 'Original paintings for sale | Buy from the artists | Easel',
      canonical: '/shop/painting/', alternate: '/shop/painting/', robots: 'index, follow',
    });
    await previewAfter(page, () => page.locator('label[for="colours-red"]').click());
    await apply(page);
    await expect.poll(async () => (await head()).robots).toBe('noindex, follow');
    expect((await head()).canonical).toBe('/shop/painting/');
    await close();
  });

  it('keeps a currency the address names', async () => {
    const { page, close } = await openGallery('/shop/?currency=USD');
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).searchParams.get('currency')).toBe('USD');
    await previewAfter(page, () => page.locator('label[for="colours-blue"]').click());
    await apply(page);
    expect(new URL(page.url()).searchParams.get('currency')).toBe('USD');
    expect(await page.locator('.grid .card .card__now').first().textContent()).toMatch(/^\$/);
    await close();
  });

  it('counts as the price is typed, and applies it on Enter', async () => {
    const { page, close } = await openGallery('/shop/');
    const counted = page.waitForResponse((r) => r.url().includes('/_count/') && new URL(r.url()).searchParams.get('price_min') === '300');
    await page.locator('#price-min').pressSequentially('300');
    // No blur: the pause in typing is enough.
    const { count } = (await (await counted).json()) as { count: number };
    await expect.poll(async () => applyButton(page).textContent()).toBe(`Show ${count.toLocaleString('en-GB')} artworks`);
    await searching(page, () => page.locator('#price-min').press('Enter'));
    expect(new URL(page.url()).searchParams.get('price_min')).toBe('300');
    await expect.poll(() => countOf(page)).toBe(count);
    await close();
  });

  it('writes counts with thousands separators', async () => {
    const { page, close } = await openGallery('/shop/');
    const total = await countOf(page);
    expect(total).toBeGreaterThan(999);
    expect(await countText(page)).toBe(`${total.toLocaleString('en-GB')} artworks`);
    await close();
  });

  it('reads a value given twice as one', async () => {
    const { page, close } = await openGallery('/shop/?colours=blue&colours=blue');
    expect(await page.locator('.gallery__notice').count()).toBe(0);
    expect(await page.locator('.chip').allTextContents()).toEqual([expect.stringMatching(/^Blue/)]);
    await close();
  });

  it('puts boosted works first', async () => {
    const { page: plain, close: closePlain } = await openGallery('/shop/?sort=newest');
    const slugs = await cardSlugs(plain);
    await closePlain();
    const boosted = [slugs[40]!, slugs[20]!];
    const { page, close } = await openGallery(`/shop/?sort=newest&product_boost=${boosted[0]}&multiple_product_boost=${boosted[1]}`);
    expect((await cardSlugs(page)).slice(0, 2)).toEqual(boosted);
    await close();
  });
});

describe('tracking', () => {
  it('counts filter, sort and page use and address changes, and flags clicked results', async () => {
    const { page, close } = await openGallery('/shop/');
    await searching(page, () => page.locator('#gallery-sort').selectOption('newest'));
    expect(page.url()).toContain('sort=newest');
    await previewAfter(page, () => page.locator('label[for="colours-red"]').click());
    await apply(page);
    const layer = await page.evaluate(() => window.dataLayer ?? []);
    const last = layer.at(-1) as Record<string, number>;
    expect(layer.map((e) => e.event)).toEqual(expect.arrayContaining(['gallery_sort', 'gallery_filter', 'gallery_url_change']));
    expect(last).toMatchObject({ gallery_sort_use: 1, gallery_filter_use: 1, gallery_url_changes: 2 });
    const card = page.locator('.grid .card').first();
    const slug = await card.getAttribute('data-slug');
    await card.locator('a').click({ modifiers: ['Control'] });
    await expect.poll(() => page.locator(`.card[data-slug="${slug}"]`).getAttribute('data-cb')).toBe('true');
    await close();
  });
});

describe('small screens', () => {
  it('put the panel in a drawer: focus stays inside, Escape closes it, apply closes it', async () => {
    const { page, close } = await openGallery('/shop/', { width: 375 });
    await page.screenshot({ path: screenshotPath('gallery-mobile'), fullPage: false });
    expect(await page.locator('dialog.filters').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    expect(await page.locator('dialog.filters').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('gallery-mobile-filters') });
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.filters').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await previewAfter(page, () => page.locator('label[for="colours-green"]').click());
    await apply(page);
    expect(await page.locator('dialog.filters').isVisible()).toBe(false);
    expect(page.url()).toBe(`${base}/shop/?colours=green`);
    await close();
  });

  it('save a desktop screenshot for review', async () => {
    const { page, close } = await openGallery('/shop/painting/?colours=blue', { width: 1280 });
    await page.screenshot({ path: screenshotPath('gallery-desktop') });
    await close();
  });
});
