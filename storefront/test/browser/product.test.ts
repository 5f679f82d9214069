import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { screenshotPath, useChromium } from './chromium';
import { useProductDatabase } from './product-database';
import { expectNotFoundPage } from './not-found';

const base = product.storefrontUrl;
const browser = useChromium();

const productDb = useProductDatabase();

const slugWhere = async (where: string) =>
  (await sql<{ slug: string }>`SELECT slug FROM artworks WHERE ${sql.raw(where)} ORDER BY id LIMIT 1`.execute(productDb())).rows[0]!.slug;

/** A work for sale as the gallery's search finds it: the way shoppers arrive. */
async function searchedWork(query = 'paginate=12&has_fine_art_prints=true'): Promise<{ slug: string; title: string }> {
  const response = await fetch(`${product.searchUrl}/api/v2/product/s/?${query}`);
  const { results } = (await response.json()) as { results: { slug: string; title: string }[] };
  return results[0]!;
}

async function openProduct(slug: string, width = 1280) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`${base}/product/${slug}/`, { waitUntil: 'networkidle' });
  return { page, context, errors, status: response?.status(), close: () => context.close() };
}

const text = async (page: Page, selector: string) => (await page.locator(selector).first().textContent())?.trim() ?? '';

describe('the product page', () => {
  it('shows the work found by search: title, artist, price and its first picture, loaded first and sized', async () => {
    const work = await searchedWork();
    const { page, errors, status, close } = await openProduct(work.slug);
    expect(status).toBe(200);
    expect(await text(page, 'h1')).toBe(work.title);
    expect(await text(page, '.buy-box__now')).toMatch(/^£[\d,]+$/);
    const first = page.locator('.viewer__image');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(Number(await first.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(await first.getAttribute('height'))).toBeGreaterThan(0);
    expect((await first.getAttribute('srcset'))!.split(', ')).toHaveLength(IMAGE_WIDTHS.length);
    expect(await first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Every other picture on the page waits until it is needed.
    const others = await page.locator('img:not(.viewer__image)').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('loading')));
    expect(others.length).toBeGreaterThan(0);
    expect(new Set(others)).toEqual(new Set(['lazy']));
    expect(await page.locator('#prints tbody tr').count()).toBeGreaterThan(0);
    // Each edition's "Add to basket" is told from the others by its size, read after its name.
    const descriptions = await page.locator('#prints tbody tr:has(button)').evaluateAll((rows) =>
      rows.map((row) => {
        const described = row.querySelector('button')!.getAttribute('aria-describedby');
        return [row.querySelector('th')!.textContent, described === null ? null : document.getElementById(described)?.textContent];
      }),
    );
    expect(descriptions.length).toBeGreaterThan(0);
    for (const [size, description] of descriptions) expect(description).toBe(size);
    await page.screenshot({ path: screenshotPath('product-desktop'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('brings another picture to the stage from its thumbnail', async () => {
    const { page, close } = await openProduct((await searchedWork()).slug);
    const stage = () => page.locator('.viewer__image').getAttribute('src');
    const before = await stage();
    const second = page.locator('.viewer__thumbnail').nth(1);
    await second.click();
    await expect.poll(stage).not.toBe(before);
    expect(await second.getAttribute('aria-pressed')).toBe('true');
    await close();
  });

  it('follows the header settings: the price symbol and the dimensions change', async () => {
    const { page, close } = await openProduct((await searchedWork()).slug);
    expect(await text(page, '.buy-box__now')).toMatch(/^£/);
    expect(await text(page, '.summary__medium')).toMatch(/ cm$/);
    await page.locator('.settings__toggle').click();
    const currency = page.getByLabel('Currency');
    await expect.poll(() => currency.isEnabled()).toBe(true);
    await currency.selectOption('USD');
    await expect.poll(() => text(page, '.buy-box__now')).toMatch(/^\$/);
    const inches = page.locator('.settings-form input[type="radio"][value="in"]');
    await expect.poll(() => inches.isEnabled()).toBe(true);
    await inches.click();
    await expect.poll(() => text(page, '.summary__medium')).toMatch(/ in$/);
    expect(await text(page, '#prints tbody td')).toMatch(/ in$/);
    await close();
  });

  it('keeps a sold original\'s page, marked sold without a price, with similar works for sale', async () => {
    const { page, status, close } = await openProduct(await slugWhere("status = 'sold'"));
    expect(status).toBe(200);
    expect(await text(page, '.buy-box .status-badge')).toBe('Sold');
    expect(await page.locator('.buy-box__now').count()).toBe(0);
    expect(await page.locator('#similar .card').count()).toBeGreaterThan(0);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { offers: { availability: string } };
    expect(ld.offers.availability).toBe('https://schema.org/SoldOut');
    await page.screenshot({ path: screenshotPath('product-sold'), fullPage: true });
    await close();
  });

  it('marks a reserved work, and a work without pictures still has a calm page', async () => {
    const slug = await slugWhere("status = 'reserved'");
    await sql`DELETE FROM artwork_images WHERE artwork_id = (SELECT id FROM artworks WHERE slug = ${slug})`.execute(productDb());
    const { page, status, errors, close } = await openProduct(slug);
    expect(status).toBe(200);
    expect(await text(page, '.buy-box .status-badge')).toBe('Reserved');
    expect(await text(page, '.viewer__placeholder')).toBe('Picture coming soon');
    expect(await page.locator('.viewer__image').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('pushes view_item once and adds the work to recently viewed', async () => {
    const work = await searchedWork('paginate=12&sort=newest');
    const context = await browser().newContext();
    const page = await context.newPage();
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/recently-viewed/')) posts += 1;
    });
    const recorded = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/recently-viewed/'));
    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    expect((await recorded).status()).toBe(200);
    const views = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'view_item'));
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ ecommerce: { currency: 'GBP', items: [{ item_id: work.slug, item_name: work.title }] } });
    expect(posts).toBe(1);
    const list = (await (await context.request.get(`${base}/api/recently-viewed/`)).json()) as { results: { slug: string }[] };
    expect(list.results.map((r) => r.slug)).toContain(work.slug);
    await context.close();
  });

  it.each([
    ['an unknown slug', '/product/no-such-artwork-here/'],
    ['upper case', '/product/UPPER/'],
    ['an ellipsis', '/product/%E2%80%A6bad/'],
    ['doubled hyphens', '/product/a--b/'],
    ['a long slug', `/product/${'a'.repeat(400)}/`],
  ])('answers %s with a real 404 page that leads back to the gallery', async (_name, path) => {
    await expectNotFoundPage(`${base}${path}`);
    const context = await browser().newContext();
    const page = await context.newPage();
    const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    const back = page.locator('main a[href="/shop/"]', { hasText: 'Back to the gallery' });
    await back.waitFor();
    expect(await page.locator('h1').textContent()).toContain('couldn’t find');
    await context.close();
  });

  it.each([
    ['junk settings', '?currency=XXX&language=zz&units=feet'],
    ['odd characters', '?%FF=%FE&a[]=1&a[]=2&=empty&q=%3Cscript%3E'],
    ['a huge query', `?q=${'x'.repeat(6000)}`],
  ])('renders the page whatever the query string holds: %s', async (_name, query) => {
    const work = await searchedWork();
    const response = await fetch(`${base}/product/${work.slug}/${query}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(work.title.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
  });

  it('carries JSON-LD naming the artwork, Open Graph tags and the alternate-language links', async () => {
    const work = await searchedWork();
    const html = await (await fetch(`${base}/product/${work.slug}/`)).text();
    const json = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)![1]!;
    const ld = JSON.parse(json) as { '@type': string; name: string; creator: { name: string }; offers: { priceCurrency: string; availability: string; url: string } };
    expect(ld).toMatchObject({ '@type': 'VisualArtwork', name: work.title, offers: { priceCurrency: 'GBP', availability: 'https://schema.org/InStock' } });
    expect(ld.offers.url).toMatch(new RegExp(`^http://[^/]+/product/${work.slug}/$`));
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/media\/art\/[^"]+"/);
    expect(html).toMatch(/<meta property="og:image:width" content="\d+"/);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="http://[^"]+/product/${work.slug}/"`));
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/product/${work.slug}/"`));
    for (const lang of ['en', 'en-US', 'en-GB', 'en-IE', 'en-CA', 'en-AU', 'en-NZ', 'en-ZA', 'x-default']) {
      expect(html).toMatch(new RegExp(`<link rel="alternate" hrefLang="${lang}" href="http://[^"]+/product/${work.slug}/"`));
    }
  });

  it('keeps to the 1170 px content width of SPEC §9 on a wide screen, the header and footer with it', async () => {
    const { page, close } = await openProduct((await searchedWork()).slug, 1920);
    const contentWidth = (selector: string) => page.locator(selector).first().evaluate((e) => {
      const style = getComputedStyle(e);
      return e.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    });
    for (const selector of ['.container.product', '.site-header__inner', '.site-footer__inner']) expect(await contentWidth(selector), selector).toBe(1170);
    await close();
  });

  it.each([320, 375])('fits a %i px phone without sideways scrolling, the favourite button\'s words each on one line', async (width) => {
    const { page, close } = await openProduct((await searchedWork()).slug, width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // "Add to favourites" and "· 84 favourites": each part one line high, however the two sit.
    const lines = await page.locator('.favourite-button > span').evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(span).fontSize)));
    expect(lines).toEqual([true, true]);
    if (width === 375) await page.screenshot({ path: screenshotPath('product-phone'), fullPage: true });
    await close();
  });
});
