import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { product } from './worker-product';
import type { ArtistData } from '../../lib/catalogue/artists';
import type { SearchResponse } from '@easel/search-service/contract';
import { hydrated, screenshotPath, useChromium } from './chromium';
import { expectNotFoundPage } from './not-found';

const base = product.storefrontUrl;
const searchUrl = product.searchUrl;
const browser = useChromium();

async function newPage(width = 1280, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser().newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

/** A popular artist with sold works and works for sale in at least two categories, found through the APIs. */
let artist: ArtistData;
let categories: { value: string; count: number }[];

beforeAll(async () => {
  const { results } = (await (await fetch(`${base}/api/v2/artists/?list=popular&limit=48`)).json()) as { results: ArtistData[] };
  for (const candidate of results.filter((a) => a.sold_count > 0 && a.available_count > 1)) {
    const search = (await (await fetch(`${searchUrl}/api/v2/product/s/?artist=${candidate.slug}&paginate=1`)).json()) as SearchResponse;
    const present = search.facets.product_category.filter((c) => c.count > 0);
    if (present.length >= 2) {
      artist = candidate;
      categories = present;
      return;
    }
  }
  throw new Error('No popular artist has sold works and works for sale in two categories.');
});

/** Scrolls through the page so every lazy picture loads, for a full-page screenshot worth looking at. */
async function loadAllPictures(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

const slugsIn = (page: Page, section: string) => page.locator(`section[aria-labelledby="${section}"] .card`).evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')));

describe('the artist page', () => {
  it('shows the artist, their works for sale and, apart, their sold works', async () => {
    const { page, errors, close } = await newPage();
    const response = await page.goto(`${base}${artist.url}`, { waitUntil: 'networkidle' });
    expect(response!.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe(artist.name);
    expect((await page.locator('.artist-profile__bio p').allTextContents()).join('\n\n')).toBe(artist.bio);
    expect(await page.locator('.artist-profile__place').textContent()).toMatch(new RegExp(`^${artist.city}, `));
    expect(await page.locator('.follow__count').textContent()).toMatch(/^\d+ followers?$/);
    expect(await page.locator('.artist-profile__avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const available = await slugsIn(page, 'available-works-title');
    expect(available).toHaveLength(Math.min(24, artist.available_count));
    expect(await page.locator('#available-works-count').textContent()).toBe(`${artist.available_count} works for sale`);
    const sold = await slugsIn(page, 'sold-works-title');
    expect(sold).toHaveLength(Math.min(24, artist.sold_count));
    expect(sold.filter((slug) => available.includes(slug))).toEqual([]);
    expect(await page.locator('section[aria-labelledby="sold-works-title"] .card__sold').count()).toBe(sold.length);
    expect(await page.locator(`.artist-profile [data-follow="${artist.slug}"]`).getAttribute('aria-pressed')).toBe('false');
    await loadAllPictures(page);
    await page.screenshot({ path: screenshotPath('artist-desktop'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('marks the works that ship free to the shopper\'s ships-to country', async () => {
    // An artist with a work that ships free to the United States.
    const ask = async (query: string) => ((await (await fetch(`${searchUrl}/api/v2/product/s/?${query}`)).json()) as SearchResponse).results;
    const [sample] = await ask('ships_to=US&free_shipping=true&paginate=1');
    const works = await ask(`artist=${sample!.artist_slug}&paginate=24`);
    const freeTo = (country: string) => Object.fromEntries(works.map((work) => [work.slug, work.free_shipping_to.includes(country)]));
    // A country where free shipping differs from the United Kingdom's for some of their works.
    const country = [...new Set(works.flatMap((work) => work.free_shipping_to))].find((c) => JSON.stringify(freeTo(c)) !== JSON.stringify(freeTo('GB')));
    expect(country).toBeDefined();
    const { page, close } = await newPage();
    await page.context().addCookies([{ name: 'af-shipping', value: country!, url: base }]);
    await page.goto(`${base}/artist/${sample!.artist_slug}/`, { waitUntil: 'networkidle' });
    const badged = await page.locator('section[aria-labelledby="available-works-title"] .card').evaluateAll((cards) => Object.fromEntries(
      cards.map((card) => [card.getAttribute('data-slug'), card.querySelector('.card__badges')?.textContent?.includes('Free shipping') ?? false])));
    expect(badged).toEqual(freeTo(country!));
    await close();
  });

  it('narrows to a category and sorts through plain links and a form, without JavaScript', async () => {
    const { page, close } = await newPage(1280, { javaScriptEnabled: false });
    await page.goto(`${base}${artist.url}`);
    const smallest = [...categories].sort((a, b) => a.count - b.count)[0]!;
    await page.locator(`.artist-works__category[href*="product_category=${smallest.value}"]`).click();
    await page.waitForURL(new RegExp(`product_category=${smallest.value}`));
    expect(await page.locator('#available-works-count').textContent()).toBe(`${smallest.count} ${smallest.count === 1 ? 'work' : 'works'} for sale`);
    expect(await slugsIn(page, 'available-works-title')).toHaveLength(Math.min(24, smallest.count));
    expect(smallest.count).toBeLessThan(artist.available_count);
    expect(await page.locator('.artist-works__category[aria-current="page"]').getAttribute('href')).toContain(smallest.value);

    await page.locator('#artist-works-sort').selectOption('newest');
    await page.locator('.artist-works__sort-button').click();
    await page.waitForURL(/sort=newest/);
    expect(new URL(page.url()).searchParams.getAll('product_category')).toEqual([smallest.value]);
    expect(await page.locator('#available-works-count').textContent()).toBe(`${smallest.count} ${smallest.count === 1 ? 'work' : 'works'} for sale`);
    await close();
  });

  it('fits a 375 px phone', async () => {
    const { page, close } = await newPage(375);
    await page.goto(`${base}${artist.url}`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await loadAllPictures(page);
    await page.screenshot({ path: screenshotPath('artist-phone'), fullPage: true });
    await close();
  });

  it('declares its own canonical address, no language alternates, and an Open Graph profile', async () => {
    const html = await (await fetch(`${base}${artist.url}`)).text();
    expect(html).not.toMatch(/<link rel="alternate"[^>]*hreflang/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${artist.url}"`));
    expect(html).toContain('<meta property="og:type" content="profile"');
    expect(html).not.toContain('noindex');
    const filtered = await (await fetch(`${base}${artist.url}?sort=newest`)).text();
    expect(filtered).toMatch(/<meta name="robots" content="noindex, follow"/);
    expect(filtered).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${artist.url}"`));
  });

  it.each(['?page=abc&sort=%22&product_category=furniture&junk=%00', '?page=999', `?artist=someone-else&q=${'x'.repeat(3000)}`])(
    'renders a working page for odd query strings: %s',
    async (query) => {
      const response = await fetch(`${base}${artist.url}${query}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`>${artist.name}</h1>`);
    },
  );

  it.each(['/artist/nobody-at-all/', '/artist/Not_A_Slug!/', `/artist/${'a'.repeat(300)}/`, '/artist/a/b/'])(
    'answers %s with a 404 page that leads back to the gallery',
    async (path) => {
      await expectNotFoundPage(`${base}${path}`);
      const { page, errors, close } = await newPage();
      const response = await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      expect(response!.status()).toBe(404);
      expect(await page.getByRole('link', { name: 'Back to the gallery' }).getAttribute('href')).toBe('/shop/');
      expect(errors).toEqual([]);
      await close();
    },
  );
});

describe('the header search box', () => {
  it('suggests artworks and artists as you type; Enter opens the gallery with q', async () => {
    const { page, errors, close } = await newPage();
    await page.goto(`${base}/shop/`, { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'Search artworks and artists' });
    await box.pressSequentially(artist.name, { delay: 20 });
    const listbox = page.getByRole('listbox', { name: 'Search artworks and artists' });
    await listbox.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => page.getByRole('group', { name: 'Artists' }).getByRole('option').allTextContents()).toContainEqual(expect.stringContaining(artist.name));
    expect(await page.getByRole('group', { name: 'Artworks' }).getByRole('option').count()).toBeGreaterThan(0);
    await box.press('ArrowDown');
    const first = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${first}"]`).getAttribute('aria-selected')).toBe('true');
    await page.screenshot({ path: screenshotPath('header-search-open') });
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop/' && url.searchParams.get('q') === artist.name);
    await page.locator('.grid .card').first().waitFor();
    expect(await page.locator('.grid .card').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the chosen suggestion: an artist page', async () => {
    const { page, close } = await newPage(375);
    await page.goto(`${base}/shop/`, { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'Search artworks and artists' });
    await box.pressSequentially(artist.name, { delay: 20 });
    const option = page.getByRole('group', { name: 'Artists' }).getByRole('option', { name: new RegExp(artist.name) }).first();
    await option.waitFor();
    await page.screenshot({ path: screenshotPath('header-search-phone') });
    await option.click();
    await page.waitForURL(`${base}${artist.url}`);
    expect(await page.locator('h1').textContent()).toBe(artist.name);
    await close();
  });

  it.each(['/', '/shop/?colours=blue'])('opens a category suggestion from %s as that gallery search: address, heading, chips and results agree, and a reload keeps them', async (from) => {
    const { page, errors, close } = await newPage();
    await page.goto(`${base}${from}`, { waitUntil: 'networkidle' });
    const box = page.getByRole('combobox', { name: 'Search artworks and artists' });
    await box.pressSequentially(artist.name, { delay: 20 });
    const option = page.getByRole('group', { name: 'Categories' }).getByRole('option').first();
    await option.waitFor();
    await option.click();
    await page.waitForURL((url) => /^\/shop\/[a-z]+\/$/.test(url.pathname) && url.searchParams.get('q') === artist.name);
    const category = new URL(page.url()).pathname.split('/')[2]!;
    const agrees = async () => {
      await hydrated(page.locator('.gallery__results'));
      await page.waitForLoadState('networkidle');
      const address = new URL(page.url());
      expect(address.pathname).toBe(`/shop/${category}/`);
      expect([...address.searchParams]).toEqual([['q', artist.name]]);
      expect(await page.locator('.gallery__title').textContent()).toMatch(new RegExp(category, 'i'));
      expect(await page.locator('.chip').allTextContents()).toContainEqual(expect.stringContaining(artist.name));
      const search = (await (await fetch(`${searchUrl}/api/v2/product/s/?${new URLSearchParams({ product_category: category, q: artist.name })}`)).json()) as SearchResponse;
      expect(search.count).toBeGreaterThan(0);
      expect(Number((await page.locator('#gallery-count').textContent())!.replace(/\D/g, ''))).toBe(search.count);
      expect(await page.locator('.grid .card').first().getAttribute('data-slug')).toBe(search.results[0]!.slug);
    };
    await agrees();
    await page.reload({ waitUntil: 'networkidle' });
    await agrees();
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps words typed before the page hydrated, suggests for them and searches them', async () => {
    const { page, errors, close } = await newPage();
    // The page's scripts wait until the shopper has typed, as on a slow phone.
    let typed!: () => void;
    const typing = new Promise<void>((resolve) => (typed = resolve));
    await page.route('**/_next/static/**/*.js', async (route) => {
      await typing;
      await route.continue();
    });
    await page.goto(`${base}/shop/painting/`, { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('combobox', { name: 'Search artworks and artists' });
    await box.fill(artist.name);
    typed();
    await hydrated(box);
    await page.getByRole('group', { name: 'Artists' }).getByRole('option', { name: new RegExp(artist.name) }).first().waitFor();
    expect(await box.inputValue()).toBe(artist.name);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop/' && url.searchParams.get('q') === artist.name);
    expect(errors).toEqual([]);
    await close();
  });
});
