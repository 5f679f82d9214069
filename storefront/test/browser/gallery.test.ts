import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@easel/shared/random';
import type { Db } from '@easel/data/db';
import { newestCatalogueChange } from '@easel/data/queries/change-log';
import { product } from './worker-product';
import { useProductDatabase } from './product-database';
import { hydrated, screenshotPath, useChromium } from './chromium';
import { placeholderFits } from './layout';
import { holdPictures, pictureBoxes, picturesArrived } from './pictures';
import { expectNotFoundPage } from './not-found';

const base = product.storefrontUrl;
const browser = useChromium();
const db = useProductDatabase();

const isContractSearch = (url: string) => new URL(url).pathname === '/api/v2/product/s/';
/** Whether a request is the panel's preview of its draft: a search of one card, for its count and facets. */
const isPreview = (url: string) => isContractSearch(url) && new URL(url).searchParams.get('paginate') === '1';
/** Whether a request is a gallery search (the contract's search endpoint, not the draft's preview, its price bars or suggestions). */
const isSearch = (url: string) => isContractSearch(url) && !isPreview(url);

/** A page that records the gallery's search requests (those not refused) and any script error. */
async function openGallery(path: string, options: { width?: number; url?: string; context?: BrowserContext; withoutScripts?: boolean } = {}) {
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
  // A box ticked before the gallery's script has run is not taken (docs/GALLERY.md); the shopper
  // here acts once it has.
  if (!options.withoutScripts) await hydrated(page.locator('#gallery-q'));
  return { page, searches, errors, close: () => context.close() };
}

const countText = (page: Page) => page.locator('#gallery-count').textContent();
const countOf = async (page: Page) => Number((await countText(page))!.replace(/[^\d]/g, ''));
const cardSlugs = (page: Page) => page.locator('.grid .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')));
const applyButton = (page: Page) => page.locator('.filters__apply-button');

/** Edits the draft and returns the count the apply button shows once the draft's preview has answered for it. */
async function previewAfter(page: Page, edit: () => Promise<unknown>): Promise<number> {
  let asked: string | undefined;
  const onRequest = (r: { url(): string }) => {
    if (isPreview(r.url())) asked = r.url();
  };
  page.on('request', onRequest);
  const answered = page.waitForResponse((r) => isPreview(r.url()));
  await edit();
  await answered;
  // The draft's count is the answer to the last preview the page asked for; asked again from here,
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
    await expect.poll(() => picturesArrived(image)).toBe(true);
    const { drawn, source } = await image.evaluate((i: HTMLImageElement) => ({
      drawn: i.getBoundingClientRect().width * window.devicePixelRatio,
      source: Number(/\/(\d+)\.webp$/.exec(i.currentSrc)![1]),
    }));
    expect(drawn).toBeGreaterThan(300);
    expect(source).toBeGreaterThanOrEqual(drawn);
    await close();
  });

  it.each([412, 1366])('draws the first cards\' pictures at their size before they arrive, at %i px wide: nothing moves when they do', async (width) => {
    const context = await browser().newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    // The pictures are held back until the page has been drawn without them.
    const release = await holdPictures(page);
    await page.goto(`${base}/shop/`, { waitUntil: 'domcontentloaded' });
    // The pictures drawn at once (the rest load as they come near); both shapes are among them.
    const pictures = page.locator('.grid .card__image[loading="eager"]');
    const shapes = await pictures.evaluateAll((images) => images.map((i) => (Number(i.getAttribute('width')) >= Number(i.getAttribute('height')) ? 'wide' : 'tall')));
    expect(new Set(shapes)).toEqual(new Set(['wide', 'tall']));
    const before = await pictureBoxes(pictures);
    release();
    await expect.poll(() => picturesArrived(pictures)).toBe(true);
    for (const box of before) expect(Math.max(box.w, box.h)).toBeGreaterThan(100);
    // The width and height attributes are whole pixels, so the arrived picture's own shape may
    // round its box a pixel differently; anything more is the page moving.
    const after = await pictureBoxes(pictures);
    expect(after).toHaveLength(before.length);
    for (const [i, box] of after.entries()) {
      for (const side of ['w', 'h', 'x', 'y'] as const) expect(Math.abs(box[side] - before[i]![side]), `picture ${i + 1}, ${side}`).toBeLessThanOrEqual(1);
    }
    await context.close();
  });

  it('shows artworks with JavaScript disabled', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    const { page, close } = await openGallery('/shop/', { context, withoutScripts: true });
    expect(await page.locator('.grid .card').count()).toBe(60);
    expect(await countOf(page)).toBeGreaterThan(1000);
    await close();
  });

  it('marks a filtered search noindex, canonical to its landing page', async () => {
    const html = await (await fetch(`${base}/shop/painting/?colours=blue&sort=newest`)).text();
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/shop\/painting\/"/);
  });

  it.each(['/shop/not-a-category/', '/shop/painting/bronze/', '/shop/painting/oil/extra/'])('answers %s with a 404 page', async (path) => {
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
  it('lists sizes from small to oversized, whatever their counts', async () => {
    const scale = ['small', 'medium', 'large', 'oversized'];
    const countsOutOfOrder: boolean[] = [];
    for (const path of ['/shop/', '/shop/painting/oil/', '/shop/sculpture/', '/shop/photography/']) {
      const { page, close } = await openGallery(path);
      const sizes = await page.locator('.filter-section[data-section="size"] .facet-list__check').evaluateAll((boxes) => boxes.map((box) => box.id.replace('size_-', '')));
      expect(sizes, path).toEqual(scale.filter((size) => sizes.includes(size)));
      const counts = (await page.locator('.filter-section[data-section="size"] .facet-list__count').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
      countsOutOfOrder.push(counts.some((count, i) => i > 0 && count > counts[i - 1]!));
      await close();
    }
    // Somewhere a larger size has more works than a smaller one: the order is the scale's, not the counts'.
    expect(countsOutOfOrder).toContain(true);
  });

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
    await expect.poll(() => page.url()).toBe(`${base}/shop/?colours=blue`);
    expect(searches).toHaveLength(1);
    await close();
  });
});

describe('sort, pages and history', () => {
  it('sorts by price, in the address too', async () => {
    const { page, close } = await openGallery('/shop/');
    await searching(page, () => page.locator('#gallery-sort').selectOption('price_asc'));
    await expect.poll(() => page.url()).toBe(`${base}/shop/?sort=price_asc`);
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
    await expect.poll(() => page.url()).toBe(`${base}/shop/?page=2`);
    await expect.poll(() => cardSlugs(page)).not.toEqual(first);
    const second = await cardSlugs(page);
    // Back shows page 1 at once from the results the page was rendered with, before the search
    // asked behind them answers (held here until then).
    const held: Route[] = [];
    const hold = (route: Route) => void held.push(route);
    const searchUrl = (url: URL) => isSearch(url.href);
    await page.route(searchUrl, hold);
    await page.goBack();
    await expect.poll(() => cardSlugs(page)).toEqual(first);
    await expect.poll(() => held.length).toBe(1);
    await held[0]!.continue();
    await page.unroute(searchUrl, hold);
    // Forward shows the kept page 2 and asks for it again behind it; the reload waits for that answer.
    await searching(page, () => page.goForward());
    await expect.poll(() => cardSlugs(page)).toEqual(second);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await cardSlugs(page)).toEqual(second);
    // Page 2, then page 1 again (shown from the server's results, asked again behind them);
    // forward to page 2 shows the client's copy and asks again behind it, and the reload
    // hydrates. Nothing repeats or loops.
    expect(searches.map((url) => new URL(url).searchParams.get('page'))).toEqual(['2', null, '2']);
    await close();
  });
});

describe('a page past the last', () => {
  it('says there is no such page and leads to the last one; Back returns to it', async () => {
    const answer = (await (await fetch(`${base}/api/v2/product/s/?colours=blue&paginate=60&page=1`)).json()) as { count: number; num_pages: number };
    const { page, errors, close } = await openGallery('/shop/?colours=blue&page=999');
    expect(await page.locator('#past-the-end-title').textContent()).toBe('There is no page 999 of this search');
    expect(await page.locator('#past-the-end-title + .notice__text').textContent())
      .toBe(`It finds ${answer.count.toLocaleString('en-GB')} artworks, on pages 1 to ${answer.num_pages.toLocaleString('en-GB')}.`);
    expect(await countOf(page)).toBe(answer.count);
    expect(await page.locator('#no-results-title').count()).toBe(0);
    await searching(page, () => page.getByRole('link', { name: 'Go to the last page' }).click());
    await expect.poll(() => page.url()).toBe(`${base}/shop/?page=${answer.num_pages}&colours=blue`);
    await expect.poll(() => page.locator('.grid .card').count()).toBe(answer.count - (answer.num_pages - 1) * 60);
    await page.goBack();
    await expect.poll(() => page.locator('#past-the-end-title').count()).toBe(1);
    expect(errors).toEqual([]);
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

  it("answers the browser's searches on the storefront's origin compressed: each gallery search its own (its search id), the counts revalidated by the search service's ETag", async () => {
    const first = await fetch(`${base}/api/v2/product/s/?colours=red`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    // A gallery search is recorded, and its answer names it (docs/SEARCH-ANALYTICS.md): no one else's to share or revalidate.
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.get('etag')).toBeNull();
    const answer = (await first.json()) as { search_id: string; count: number };
    expect(answer.count).toBeGreaterThan(0);
    const second = (await (await fetch(`${base}/api/v2/product/s/?colours=red`)).json()) as { search_id: string; count: number };
    expect(second.count).toBe(answer.count);
    expect(second.search_id).not.toBe(answer.search_id);

    const count = await fetch(`${base}/api/v2/product/s/_count/?colours=red`, { headers: { 'accept-encoding': 'gzip' } });
    expect(count.status).toBe(200);
    expect(count.headers.get('cache-control')).toContain('max-age=1800');
    const etag = count.headers.get('etag')!;
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await fetch(`${base}/api/v2/product/s/_count/?colours=red`, { headers: { 'if-none-match': etag } });
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
    const counted = page.waitForResponse((r) => isPreview(r.url()) && new URL(r.url()).searchParams.get('price_min') === '300');
    await page.locator('#price-min').pressSequentially('300');
    // No blur: the pause in typing is enough.
    const { count } = (await (await counted).json()) as { count: number };
    await expect.poll(async () => applyButton(page).textContent()).toBe(`Show ${count.toLocaleString('en-GB')} artworks`);
    await searching(page, () => page.locator('#price-min').press('Enter'));
    await expect.poll(() => new URL(page.url()).searchParams.get('price_min')).toBe('300');
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

describe('what a shopper does before the gallery has loaded', () => {
  /**
   * A gallery whose script (the chunk with the toolbar's search box) is held back until
   * `release()`, as a slow phone's would be: the shopper has the server's page, and types.
   */
  async function heldGallery(path: string) {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/_next/static/chunks/**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('gallery-search__input')) await released;
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    await page.locator('.grid .card').first().waitFor();
    return { page, errors, release, close: () => context.unrouteAll({ behavior: 'ignoreErrors' }).then(() => context.close()) };
  }
  const params = (page: Page) => Object.fromEntries([...new URL(page.url()).searchParams].sort());

  it('words sent keep the filters and sort', async () => {
    const { page, errors, release, close } = await heldGallery('/shop/painting/?sort=price_asc&colours=blue');
    await page.locator('#gallery-q').fill('sea');
    await page.locator('#gallery-q').press('Enter');
    await page.waitForURL((url) => url.searchParams.has('q'));
    release();
    expect(new URL(page.url()).pathname).toBe('/shop/painting/');
    expect(params(page)).toEqual({ colours: 'blue', q: 'sea', sort: 'price_asc' });
    await hydrated(page.locator('#gallery-q'));
    expect(await page.locator('#gallery-q').inputValue()).toBe('sea');
    await expect.poll(() => countText(page)).toMatch(/^\d[\d,]* artworks?$/);
    expect(await page.locator('h1').textContent()).toBe('Original paintings for sale');
    expect(errors).toEqual([]);
    await close();
  });

  it('words typed stay in the box as it comes to life, and Enter then searches them', async () => {
    const { page, errors, release, close } = await heldGallery('/shop/painting/?sort=price_asc&colours=blue');
    await page.locator('#gallery-q').fill('sea');
    release();
    await hydrated(page.locator('#gallery-q'));
    expect(await page.locator('#gallery-q').inputValue()).toBe('sea');
    await page.locator('#gallery-q').press('Enter');
    await page.waitForURL((url) => url.searchParams.has('q'));
    expect(params(page)).toEqual({ colours: 'blue', q: 'sea', sort: 'price_asc' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('tracking', () => {
  it('counts filter, sort and page use and address changes, and flags clicked results', async () => {
    const { page, close } = await openGallery('/shop/');
    await searching(page, () => page.locator('#gallery-sort').selectOption('newest'));
    await expect.poll(() => page.url()).toContain('sort=newest');
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

  it.each([320, 360, 390])('at %i px, show the search box whole: its placeholder fits', async (width) => {
    const { page, close } = await openGallery('/shop/painting/', { width });
    expect(await placeholderFits(page.locator('#gallery-q'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await close();
  });

  it('save a desktop screenshot for review', async () => {
    const { page, close } = await openGallery('/shop/painting/?colours=blue', { width: 1280 });
    await page.screenshot({ path: screenshotPath('gallery-desktop') });
    await close();
  });
});

/** The header's settings panel, opened, with its controls ready (they wait while a change saves). */
async function settingsPanel(page: Page) {
  const panel = page.locator('.settings__panel');
  if (!(await panel.isVisible())) await page.locator('.settings__toggle').click();
  await expect.poll(() => panel.getByLabel('Currency').isEnabled()).toBe(true);
  return panel;
}

const chipTexts = async (page: Page) => (await page.locator('.chips .chip').allTextContents()).sort();

describe('settings changes keep the search', () => {
  it.each([1366, 390])('at %i px: a new currency converts the price range; American English, inches and another ships-to country keep every filter, free shipping judged for that country', async (width) => {
    const { page, errors, close } = await openGallery('/shop/painting/?colours=blue&price_max=1000&sort=newest', { width });
    const chips = await chipTexts(page);
    expect(chips).toEqual(expect.arrayContaining([expect.stringMatching(/^Price up to £1,000/), expect.stringMatching(/^Blue/), expect.stringMatching(/^Painting/)]));

    // £1,000 at the seeded rate (1.39) is $1,390: the same works, in the same history entry.
    const entries = await page.evaluate(() => history.length);
    await (await settingsPanel(page)).getByLabel('Currency').selectOption('USD');
    await expect.poll(() => new URL(page.url()).searchParams.get('price_max')).toBe('1390');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/shop/painting/');
    expect(url.searchParams.getAll('colours')).toEqual(['blue']);
    expect(url.searchParams.get('sort')).toBe('newest');
    expect(url.searchParams.has('currency')).toBe(false);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    const usdChips = chips.map((c) => c.replace('£1,000', '$1,390'));
    await expect.poll(() => chipTexts(page)).toEqual(usdChips);
    const expected = ((await (await fetch(`${base}/api/v2/product/s/_count/?product_category=painting&colours=blue&price_max=1390&currency=USD`)).json()) as { count: number }).count;
    await expect.poll(() => countOf(page)).toBe(expected);
    await expect.poll(() => page.locator('.grid .card .card__now').first().textContent()).toMatch(/^\$/);

    const addressInDollars = page.url();
    await (await settingsPanel(page)).getByLabel('American English').click();
    await expect.poll(() => page.locator('.filter-section[data-section="colour"]').getByText('Color', { exact: true }).count()).toBe(1);
    await (await settingsPanel(page)).getByLabel('Inches').click();
    await expect.poll(() => page.locator('.settings__toggle').textContent()).toMatch(/· in ·/);
    await expect.poll(() => page.locator('label[for="size_-small"]').textContent()).toMatch(/ in\)/);
    await (await settingsPanel(page)).getByLabel('Ships to').selectOption('FR');
    await expect.poll(() => page.locator('label[for="free_shipping"]').textContent()).toMatch(/\(France\)/);
    expect(page.url()).toBe(addressInDollars);
    expect(await chipTexts(page)).toEqual(usdChips);
    expect(await countOf(page)).toBe(expected);
    // Free shipping is judged for France now: the count beside it and each card's badge.
    const shown = 'product_category=painting&colours=blue&price_max=1390&currency=USD&sort=newest';
    const inFrance = await (await fetch(`${base}/api/v2/product/s/?${shown}&country=FR`)).json() as { facets: { free_shipping: { count: number }[] }; results: { ships_free: boolean }[] };
    const inBritain = await (await fetch(`${base}/api/v2/product/s/?${shown}`)).json() as typeof inFrance;
    expect(inFrance.results.map((r) => r.ships_free)).not.toEqual(inBritain.results.map((r) => r.ships_free));
    await expect.poll(() => page.locator('label[for="free_shipping"] .facet-list__count').textContent()).toBe(inFrance.facets.free_shipping[0]!.count.toLocaleString('en-US'));
    const badged = () => page.locator('.grid .card').evaluateAll((cards) => cards.map((card) => card.querySelector('.card__badges')?.textContent?.includes('Free shipping') ?? false));
    await expect.poll(badged).toEqual(inFrance.results.map((r) => r.ships_free));

    // The address is the search: a reload shows the same.
    await page.reload({ waitUntil: 'networkidle' });
    expect(page.url()).toBe(addressInDollars);
    expect(await chipTexts(page)).toEqual(usdChips);
    expect(await countOf(page)).toBe(expected);
    expect(await badged()).toEqual(inFrance.results.map((r) => r.ships_free));
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a currency chosen over the one an address names', () => {
  it('converts the price range from the address\'s currency and leaves the address\'s currency out', async () => {
    const { page, close } = await openGallery('/shop/?currency=EUR&price_min=100&shape=square');
    expect(await chipTexts(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^Price from €100/)]));
    await (await settingsPanel(page)).getByLabel('Currency').selectOption('USD');
    // €100 at the seeded rates (1.18 and 1.39 to the pound) is $117.80, $118 in whole units.
    await expect.poll(() => page.url()).toBe(`${base}/shop/?price_min=118&shape=square`);
    await expect.poll(() => chipTexts(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^Price from \$118/), expect.stringMatching(/^Square/)]));
    await close();
  });
});

describe('the address names the language (SPEC section 1)', () => {
  it('takes ?language=en-us without a notice, and keeps it in the addresses the gallery writes', async () => {
    const { page, close } = await openGallery('/shop/?language=en-us&colours=blue');
    expect(await page.locator('.gallery__notice').count()).toBe(0);
    expect(await page.locator('.filter-section[data-section="colour"]').getByText('Color', { exact: true }).count()).toBe(1);
    await previewAfter(page, () => page.locator('label[for="shape-square"]').click());
    await apply(page);
    const url = new URL(page.url());
    expect(url.searchParams.get('language')).toBe('en-us');
    expect(url.searchParams.getAll('shape')).toEqual(['square']);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.locator('.filter-section[data-section="colour"]').getByText('Color', { exact: true }).count()).toBe(1);
    await close();
  });
});

describe('the open panel follows its draft', () => {
  it("narrows each section's counts by the choices drafted in the others, as the apply button's count", async () => {
    const { page, close } = await openGallery('/shop/');
    const total = await countOf(page);
    const countIn = (id: string) => page.locator(`label[for="${id}"] .facet-list__count`).textContent();
    const blueBefore = await countIn('colours-blue');
    const drafted = await previewAfter(page, () => page.locator('label[for="category-sculpture"]').click());
    // The service's answers for the draft and for no choice at all, asked together just after the
    // panel's preview: a work going on or off sale earlier in the test (a basket's hold ending, say)
    // then counts the same on both sides.
    const search = async (query: string) => (await (await fetch(`${base}/api/v2/product/s/?${query}paginate=1&limit=100`)).json()) as {
      count: number; facets: Record<string, { value: string; count: number }[]>;
    };
    const [answer, unfiltered] = await Promise.all([search('product_category=sculpture&'), search('')]);
    const countOfValue = (a: typeof answer, facet: string, value: string) => a.facets[facet]!.find((v) => v.value === value)!.count;
    expect(drafted).toBe(answer.count);
    const blue = countOfValue(answer, 'colours', 'blue');
    expect(blue).toBeLessThan(Number(blueBefore!.replace(/\D/g, '')));
    await expect.poll(() => countIn('colours-blue')).toBe(blue.toLocaleString('en-GB'));
    // Within its own section a choice still counts the others (disjunctive): paintings count as
    // they do with nothing chosen.
    const painting = countOfValue(answer, 'product_category', 'painting');
    expect(painting).toBe(countOfValue(unfiltered, 'product_category', 'painting'));
    expect(await countIn('category-painting')).toBe(painting.toLocaleString('en-GB'));
    // Still a draft: the results have not changed.
    expect(await countOf(page)).toBe(total);
    await close();
  });

  it.each([390, 1024, 1366])('keeps the apply button in view at %i px once a box is ticked', async (width) => {
    const { page, close } = await openGallery('/shop/', { width });
    if (width < 992) await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await previewAfter(page, () => page.locator('label[for="in_sale"]').click());
    const box = (await applyButton(page).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await page.screenshot({ path: screenshotPath(`gallery-apply-${width}`) });
    await close();
  });
});

/** The five things that must agree: the address, heading, title, chips and results (count and cards). */
async function galleryState(page: Page) {
  return {
    address: await page.evaluate(() => location.pathname + location.search),
    heading: await page.locator('h1').textContent(),
    title: await page.title(),
    chips: await chipTexts(page),
    count: await countText(page),
    cards: await cardSlugs(page),
  };
}

/**
 * Checks the page shows what a new visit to its address shows (in `visits`, a context of its
 * own), with the heading and title of the address's landing page; `where` names the steps.
 */
async function expectAgreesWithAddress(page: Page, visits: BrowserContext, where: string, catalogue?: number) {
  const address = new URL(page.url());
  const visit = await visits.newPage();
  await visit.goto(address.href, { waitUntil: 'networkidle' });
  const expected = await galleryState(visit);
  await visit.close();
  expect(expected.address, `${where}: a visit keeps the address`).toBe(address.pathname + address.search);
  const seo = (await (await fetch(`${base}/shop/page-data/?path=${encodeURIComponent(address.pathname)}`)).json()) as { page_title: string; meta_page_title: string };
  expect({ heading: expected.heading, title: expected.title }, `${where}: the landing page's texts`).toEqual({ heading: seo.page_title, title: `${seo.meta_page_title} | Easel` });
  // A page on screen, or one Back or Forward restores, does not search again by itself: when the
  // catalogue changed since `catalogue` (another of this worker's files edits it), its results and
  // the visit's rightly differ.
  const changed = catalogue !== undefined && (await settledCatalogue(db())) !== catalogue;
  const comparable = (state: typeof expected) => (changed ? { ...state, count: null, cards: null } : state);
  await expect.poll(async () => comparable(await galleryState(page)), { message: `${where}: the page shows what its address says` }).toEqual(comparable(expected));
}

/**
 * The newest catalogue change, once searches see it: the search engine has followed it, and long
 * enough ago that the search service has looked its index's version up since (`HotCache`, every
 * 250 ms), so no answer it keeps predates it.
 */
async function settledCatalogue(db: Db): Promise<number> {
  const followed = () => db.selectFrom('search_engine_state').select((e) => [e.fn.max('last_change_id').as('id'), e.fn.max('synced_at').as('at')]).executeTakeFirstOrThrow();
  let change = 0;
  let syncedAt = 0;
  await expect.poll(async () => {
    change = await newestCatalogueChange(db);
    const state = await followed();
    syncedAt = new Date(state.at ?? 0).getTime();
    return change <= Number(state.id);
  }, { message: 'the search engine follows the catalogue', timeout: 10_000 }).toBe(true);
  const seenBy = syncedAt + 500;
  if (Date.now() < seenBy) await new Promise((resolve) => setTimeout(resolve, seenBy - Date.now()));
  return change;
}

describe("the draft's count when the search fails", () => {
  it('asks again a few seconds later, and applies without a count it could not get rather than showing 0', async () => {
    const { page, close } = await openGallery('/shop/');
    const previews: string[] = [];
    let failures = 1;
    await page.route((url) => isPreview(url.href), (route) => {
      previews.push(route.request().url());
      if (failures-- <= 0) return route.continue();
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'engine_unavailable', message: 'Search is unavailable right now; please try again shortly.' } }) });
    });

    // One failure: the same preview is asked again (once more, or again if a busy machine kept
    // that one past the browser's budget), and its count shown.
    const count = await previewAfter(page, () => page.locator('label[for="colours-blue"]').click());
    expect(previews.length).toBeGreaterThanOrEqual(2);
    expect(new Set(previews).size).toBe(1);
    expect(await applyButton(page).textContent()).toBe(`Show ${count.toLocaleString('en-GB')} artworks`);

    // Every try failing: three tries, then the button applies the draft without a count.
    previews.length = 0;
    failures = Infinity;
    await page.locator('label[for="shape-square"]').click();
    await expect.poll(() => applyButton(page).textContent(), { timeout: 15_000 }).toBe('Show artworks');
    expect(previews).toHaveLength(3);
    await apply(page);
    expect(new URL(page.url()).searchParams.getAll('shape')).toEqual(['square']);
    await close();
  });
});

describe('Back to a category address', () => {
  it('shows the subcategory again after its chip was removed: results, heading, title, chips and address agree', async () => {
    const catalogue = await settledCatalogue(db());
    const { page, close } = await openGallery('/shop/painting/oil/');
    const visits = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    const oil = await galleryState(page);
    expect(oil.heading).toBe('Original oil paintings for sale');
    await searching(page, () => page.locator('.chips .chip').filter({ hasText: /^Oil/ }).click());
    await expect.poll(() => new URL(page.url()).pathname).toBe('/shop/painting/');
    await expectAgreesWithAddress(page, visits, 'Oil removed', catalogue);
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/shop/painting/oil/');
    await expectAgreesWithAddress(page, visits, 'Back', catalogue);
    // Back shows the entry as it was; its results as well while the catalogue is unchanged.
    const back = await galleryState(page);
    const unchanged = (await settledCatalogue(db())) === catalogue;
    expect(unchanged ? back : { ...back, count: oil.count, cards: oil.cards }).toEqual(oil);
    await page.goForward();
    await expectAgreesWithAddress(page, visits, 'Forward', catalogue);
    // Back across a reload: Next.js restores the entry's page, and the gallery it replaces writes nothing.
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page.locator('#gallery-q'));
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/shop/painting/oil/');
    await expectAgreesWithAddress(page, visits, 'reload, Back', catalogue);
    await visits.close();
    await close();
  });
});

describe('walking the gallery at random', () => {
  // GALLERY_WALK_SEED=<n> walks a failed run's steps again.
  // Sixteen steps, each compared with a visit: under a minute on a quiet machine, more on a busy one.
  const WALK_TIMEOUT_MS = 240_000;
  const seed = Number(process.env.GALLERY_WALK_SEED ?? Date.now() % 2 ** 31);

  it(`agrees with its address after every filter change, chip removal, Back, Forward and reload (seed ${seed})`, async () => {
    const random = mulberry32(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const { page, errors, close } = await openGallery('/shop/painting/oil/', { width: 1366 });
    const fresh = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    // The history the walk has made: the addresses of its entries, and where it stands.
    const entries = [page.url()];
    let at = 0;
    const steps: string[] = ['open /shop/painting/oil/'];

    /** Waits for the walked page to write a new address and records it as a new entry. */
    const newEntry = async (action: () => Promise<unknown>) => {
      const before = page.url();
      await action();
      await page.waitForURL((url) => url.href !== before);
      entries.splice(at + 1, entries.length, page.url());
      at += 1;
    };

    const actions: Record<string, () => Promise<boolean>> = {
      filter: async () => {
        const boxes = await page.locator('.filter-section:is([data-section="category"], [data-section="colour"], [data-section="orientation"], [data-section="style"]) .facet-list__check').evaluateAll(
          (inputs) => inputs.filter((i) => (i as HTMLElement).offsetParent !== null).map((i) => i.id),
        );
        if (boxes.length === 0) return false;
        const id = pick(boxes);
        steps.push(`tick ${id} and apply`);
        await newEntry(async () => {
          await previewAfter(page, () => page.locator(`label[for="${id}"]`).click());
          await applyButton(page).click();
        });
        return true;
      },
      chip: async () => {
        const chips = await chipTexts(page);
        if (chips.length === 0) return false;
        const chip = pick(chips);
        steps.push(`remove chip ${chip.replace(/×.*/, '')}`);
        await newEntry(() => page.locator('.chips .chip').filter({ hasText: chip }).first().click());
        return true;
      },
      back: async () => {
        if (at === 0) return false;
        steps.push('Back');
        await page.goBack();
        at -= 1;
        return true;
      },
      forward: async () => {
        if (at === entries.length - 1) return false;
        steps.push('Forward');
        await page.goForward();
        at += 1;
        return true;
      },
      reload: async () => {
        steps.push('reload');
        await page.reload({ waitUntil: 'networkidle' });
        await hydrated(page.locator('#gallery-q'));
        return true;
      },
    };
    const weighted = ['filter', 'filter', 'filter', 'chip', 'chip', 'back', 'back', 'forward', 'reload'];

    // Back and Forward restore an entry's page as it was shown, so results are compared only
    // while the catalogue is as it was when the walk began.
    const catalogue = await settledCatalogue(db());
    for (let step = 0; step < 16; step++) {
      while (!(await actions[pick(weighted)]!())) { /* not possible here: pick another */ }
      const where = `seed ${seed}, after ${steps.join(' → ')}`;
      expect(page.url(), `${where}: the address is the entry's`).toBe(entries[at]);
      await expectAgreesWithAddress(page, fresh, where, catalogue);
    }
    expect(errors).toEqual([]);
    await fresh.close();
    await close();
  }, WALK_TIMEOUT_MS);
});
