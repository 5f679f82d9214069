import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { clickHydrated, screenshotPath, useChromium } from './chromium';
import { signedInContext, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

/** A user of this role signed in by a session written straight to the database, in a browser context of their own. */
async function signedIn(role: 'user' | 'staff', width = 1280) {
  const context = await signedInContext(browser(), productDb(), role, width);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

/** An available work from the catalogue, `offset` places down the most popular, so each test has its own. */
async function availableWork(offset: number): Promise<{ id: number; slug: string; title: string }> {
  return productDb().selectFrom('artworks').select(['id', 'slug', 'title']).where('status', '=', 'available')
    .orderBy('popularity', 'desc').orderBy('id').offset(offset).limit(1).executeTakeFirstOrThrow();
}

async function phoneShot(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('making a collection', () => {
  it('creates one, adds a work from its page, shows it on the collection page and removes it', async () => {
    const work = await availableWork(40);
    const { page, errors, close } = await signedIn('user');
    await page.goto(`${base}/account/collections/`, { waitUntil: 'networkidle' });
    expect(await page.title()).toBe('Your collections | Easel');
    await page.getByLabel('Name of a new collection').fill('For the hall');
    await page.getByRole('button', { name: 'Make a collection' }).click();
    await page.waitForURL(`${base}/account/collections/for-the-hall/`);
    expect(await page.locator('h1').textContent()).toBe('For the hall');
    expect(await page.locator('.intro__count').textContent()).toBe('0 works');

    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    expect(await page.locator('[data-staff-tools]').count()).toBe(0);
    await clickHydrated(page.locator(`[data-add-to-collection="${work.slug}"]`));
    const box = page.locator('.buy-box [data-collection="for-the-hall"]');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    // The count moves at once; the work is in the collection once the server has answered.
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/collections/api/items/');
    await box.check();
    expect((await added).ok()).toBe(true);
    await expect.poll(() => page.locator('.buy-box [data-total-items]').first().getAttribute('data-total-items')).toBe('1');
    expect(await box.isChecked()).toBe(true);

    await page.goto(`${base}/account/collections/for-the-hall/`, { waitUntil: 'networkidle' });
    expect(await page.locator('.intro__count').textContent()).toBe('1 work');
    expect(await page.locator('.grid__item').count()).toBe(1);
    expect(await page.locator(`.grid__item a[href="/product/${work.slug}/"]`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('collection-desktop'), fullPage: true });
    await phoneShot(page, 'collection-phone');

    await page.locator(`[data-remove="${work.slug}"]`).click();
    await expect.poll(() => page.locator('.intro__count').textContent()).toBe('0 works');
    expect(await page.locator('.grid__item').count()).toBe(0);
    const stored = await productDb().selectFrom('collection_items').select('artwork_id').where('artwork_id', '=', work.id).execute();
    expect(stored).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it("marks the works that ship free to the shopper's country", async () => {
    const { page, errors, close } = await signedIn('user');
    await page.goto(`${base}/account/collections/`, { waitUntil: 'networkidle' });
    // Twelve works put in a collection, and the same cards as its owner's API gives them for GB.
    const shelf = await productDb().selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('popularity', 'desc').orderBy('id').offset(60).limit(12).execute();
    const send = (method: string, path: string, body: unknown) => page.evaluate(async ([m, p, b]) => (await fetch(p as string, { method: m as string, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) })).status, [method, path, body] as const);
    expect(await send('POST', '/collections/api/', { name: 'Ships free' })).toBe(201);
    for (const { slug } of shelf) expect(await send('POST', '/collections/api/items/', { collection: 'ships-free', product: slug })).toBe(200);
    const cards = ((await (await page.request.get(`${base}/api/v2/collection/?slug=ships-free`)).json()) as { results: { slug: string; free_shipping_to: string[] }[] }).results;
    const freeTo = (country: string) => Object.fromEntries(cards.map((card) => [card.slug, card.free_shipping_to.includes(country)]));
    // A country where free shipping differs from the United Kingdom's for some of them, saved as the shopper's.
    const country = [...new Set(cards.flatMap((card) => card.free_shipping_to))].find((c) => JSON.stringify(freeTo(c)) !== JSON.stringify(freeTo('GB')));
    expect(country).toBeDefined();
    expect(await send('PUT', '/api/u/', { currency: 'GBP', country, display_units: 'cm', language: 'en-gb' })).toBe(200);
    await page.goto(`${base}/account/collections/ships-free/`, { waitUntil: 'networkidle' });
    const badged = await page.locator('.card').evaluateAll((shown) => Object.fromEntries(
      shown.map((card) => [card.getAttribute('data-slug'), card.querySelector('.card__badges')?.textContent?.includes('Free shipping') ?? false])));
    expect(badged).toEqual(freeTo(country!));
    expect(errors).toEqual([]);
    await close();
  });

  it('lets staff put a work in a theme from its page, and shows the panel to nobody else', async () => {
    const work = await availableWork(41);
    const { page, errors, close } = await signedIn('staff');
    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    const panel = page.locator('[data-staff-tools]');
    expect(await panel.count()).toBe(1);
    const theme = panel.locator('[data-curation="theme:city-lights"]');
    const wasIn = await theme.isChecked();
    await clickHydrated(theme);
    await expect.poll(() => theme.isChecked()).toBe(!wasIn);
    const rows = () => productDb().selectFrom('artwork_curations as ac').innerJoin('curations as c', 'c.id', 'ac.curation_id')
      .select('ac.artwork_id').where('c.kind', '=', 'theme').where('c.slug', '=', 'city-lights').where('ac.artwork_id', '=', work.id).execute();
    await expect.poll(async () => (await rows()).length).toBe(wasIn ? 0 : 1);
    // The page rendered afresh shows the stored state.
    await page.reload({ waitUntil: 'networkidle' });
    expect(await theme.isChecked()).toBe(!wasIn);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: screenshotPath('staff-panel-desktop') });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await panel.screenshot({ path: screenshotPath('staff-panel-phone') });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('renaming and deleting a collection', () => {
  it.each([1366, 390])('renames one on its page, keeping its address, refuses an unreadable name, and deletes it at %i px', async (width) => {
    const { page, errors, close } = await signedIn('user', width);
    await page.goto(`${base}/account/collections/`, { waitUntil: 'networkidle' });
    await page.getByLabel('Name of a new collection').fill('Hall');
    await page.getByRole('button', { name: 'Make a collection' }).click();
    await page.waitForURL(`${base}/account/collections/hall/`);

    await clickHydrated(page.getByRole('button', { name: 'Rename' }));
    const field = page.getByLabel('Name of this collection');
    expect(await field.inputValue()).toBe('Hall');
    await field.fill('Front hall, north wall');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Front hall, north wall');
    expect(page.url()).toBe(`${base}/account/collections/hall/`);
    await expect.poll(() => page.title()).toBe('Front hall, north wall | Easel');

    // A right-to-left override would make the name read otherwise than it is: refused, in words, nothing changed.
    await page.getByRole('button', { name: 'Rename' }).click();
    await field.fill('Invoice\u202Efdp.exe');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator('.toast[role="alert"]').textContent()).toContain('name must not hold control or text-direction characters');
    expect(await field.inputValue()).toBe('Invoice\u202Efdp.exe');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('h1').textContent()).toBe('Front hall, north wall');
    await page.screenshot({ path: screenshotPath(`collection-manage-${width}`) });

    await page.goto(`${base}/account/collections/`, { waitUntil: 'networkidle' });
    expect(await page.locator('[data-collection-link="hall"] .collection-tile__name').textContent()).toBe('Front hall, north wall');

    // Deleting asks once; "Keep it" keeps it, "Delete it" deletes it and goes back to the list.
    await page.goto(`${base}/account/collections/hall/`, { waitUntil: 'networkidle' });
    await clickHydrated(page.getByRole('button', { name: 'Delete collection' }));
    const question = page.getByRole('group', { name: 'Delete collection' });
    expect(await question.textContent()).toContain('Delete “Front hall, north wall”? The works in it stay on Easel');
    await page.screenshot({ path: screenshotPath(`collection-delete-${width}`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await question.getByRole('button', { name: 'Keep it' }).click();
    await page.getByRole('button', { name: 'Delete collection' }).click();
    await question.getByRole('button', { name: 'Delete it' }).click();
    await page.waitForURL(`${base}/account/collections/`);
    await expect.poll(() => page.locator('.toast').first().textContent()).toContain('“Front hall, north wall” is deleted.');
    await expect.poll(() => page.locator('[data-collection-link="hall"]').count()).toBe(0);
    const response = await page.goto(`${base}/account/collections/hall/`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(errors).toEqual([]);
    await close();
  });
});
