import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { DEMO_PASSWORD } from '@easel/data';
import { useChromium } from './chromium';

const base = product.storefrontUrl;
const browser = useChromium();

/** Available works from the gallery, `offset` places in, so each test has its own. */
async function listedWork(offset: number): Promise<{ slug: string; title: string; artist_slug: string; artist_name: string }> {
  const response = await fetch(`${product.searchUrl}/api/v2/product/s/?paginate=1&page=${offset}&sort=newest`);
  return ((await response.json()) as { results: { slug: string; title: string; artist_slug: string; artist_name: string }[] }).results[0]!;
}

async function open(path: string) {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  return { page, errors, close: () => context.close() };
}

async function logInThroughOverlay(page: Page) {
  const login = page.getByRole('dialog', { name: 'Log in to Easel' });
  await login.waitFor();
  await login.getByLabel('Email').fill('shopper@easel.test');
  await login.getByLabel('Password').fill(DEMO_PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
}

const favouriteCount = async (page: Page) => Number((await page.locator('.favourite-button__count').textContent())!.replace(/\D/g, ''));

describe('favourites, follows and the basket on the product page', () => {
  it('asks a visitor to log in before a favourite, then saves it', async () => {
    const work = await listedWork(3);
    const { page, errors, close } = await open(`/product/${work.slug}/`);
    const heart = page.locator(`[data-favourite="${work.slug}"]`);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    const before = await favouriteCount(page);
    await heart.click();
    await logInThroughOverlay(page);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => favouriteCount(page)).toBe(before + 1);
    const saved = (await (await page.request.get(`${base}/collections/api/favourites/`)).json()) as { results: { slug: string; artist_slug: string }[] };
    expect(saved.results).toContainEqual(expect.objectContaining({ slug: work.slug, artist_slug: work.artist_slug }));
    // The page rendered afresh knows it too.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  it('favourites from the gallery: the heart asks a visitor to log in, fills, and the work is on the favourites page', async () => {
    const { page, errors, close } = await open('/shop/?sort=newest&page=3');
    const slug = (await page.locator('.grid .card').nth(2).getAttribute('data-slug'))!;
    const heart = page.locator(`.grid .card[data-slug="${slug}"] [data-card-heart]`);
    await heart.click();
    await logInThroughOverlay(page);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${base}/account/favourites/`, { waitUntil: 'networkidle' });
    expect(await page.locator(`.grid .card[data-slug="${slug}"]`).count()).toBe(1);
    expect(await page.locator(`.grid .card[data-slug="${slug}"] [data-card-heart]`).getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  it('follows an artist from their page once the visitor has logged in', async () => {
    const work = await listedWork(5);
    const { page, errors, close } = await open(`/artist/${work.artist_slug}/`);
    const follow = page.locator(`[data-follow="${work.artist_slug}"]`);
    const count = () => page.locator('.follow__count').textContent();
    const before = Number((await count())!.replace(/\D/g, ''));
    await follow.click();
    await logInThroughOverlay(page);
    await expect.poll(() => follow.getAttribute('aria-pressed')).toBe('true');
    expect(await count()).toContain(String(before + 1));
    const followed = (await (await page.request.get(`${base}/interest/follows.js`)).json()) as { results: string[] };
    expect(followed.results).toContain(work.artist_slug);
    // Their new work has a page of its own.
    await page.goto(`${base}/account/following/`, { waitUntil: 'networkidle' });
    expect(await page.locator(`.grid .card[data-slug="${work.slug}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('adds the original to the basket: the header count follows and add_to_cart reaches the data layer', async () => {
    const work = await listedWork(7);
    const { page, errors, close } = await open(`/product/${work.slug}/`);
    await page.locator(`.buy-box [data-add-to-basket="${work.slug}"]`).click();
    await expect.poll(() => page.locator('.basket-link__count').textContent()).toBe('1');
    const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'add_to_cart'));
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0])).toContain(work.title.replace(/"/g, '\\"'));
    expect(errors).toEqual([]);
    await close();
  });
});
