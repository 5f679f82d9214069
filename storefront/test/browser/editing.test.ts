import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { screenshotPath, useChromium } from './chromium';
import { signedInContext, useProductDatabase, workOnASmallArtistPage } from './product-database';

const base = product.storefrontUrl;
const searchUrl = product.searchUrl;
const browser = useChromium();
const productDb = useProductDatabase();

/** A browser context signed in as a new account with `role`, through a session written straight to the database. */
async function signedIn(role: 'user' | 'staff', width = 1280) {
  const context = await signedInContext(browser(), productDb(), role, width);
  return { context, page: await context.newPage() };
}

/** The slugs the gallery search finds at exactly this price in pounds. */
const slugsAtPrice = async (pounds: number) => {
  const body = (await (await fetch(`${searchUrl}/api/v2/product/s/?price_min=${pounds}&price_max=${pounds}`)).json()) as { results: { slug: string }[] };
  return body.results.map((r) => r.slug);
};

describe('editing a work', () => {
  it("lets staff change a price on the edit page, and the gallery and the artist's page then show the new price", async () => {
    const work = await workOnASmallArtistPage(productDb());
    // A price no demo work has, so the gallery's price filter finds this work alone.
    const pounds = 880_000 + Math.floor(Math.random() * 10_000);
    expect(await slugsAtPrice(pounds)).toEqual([]);
    // The artist's page, shown before the edit: what a render may keep must not outlive it.
    const artistPage = async () => (await fetch(`${base}/artist/${work.artist}/`)).text();
    expect(await artistPage()).not.toContain(`£${pounds.toLocaleString('en-GB')}`);

    const { context, page } = await signedIn('staff');
    try {
      await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
      await page.locator('.product__edit a').click();
      await page.waitForURL(`${base}/product/${work.slug}/edit/`);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      expect(await page.locator('#edit-title').inputValue()).toBe(work.title);
      // Named by the work's title, not its address.
      expect(await page.title()).toBe(`Edit “${work.title}” | Easel`);
      await page.screenshot({ path: screenshotPath('edit-desktop'), fullPage: true });

      // Bad input is named beside its field and nothing is saved.
      await page.locator('#edit-price').fill('a lot');
      await page.locator('.artwork-edit button[type="submit"]').click();
      expect(await page.locator('[data-field="price"] .artwork-edit__error').textContent()).toContain('must be an amount in pounds');
      expect(await page.locator('#edit-price').getAttribute('aria-invalid')).toBe('true');
      // Said beside the button too, and the focus goes to the field at fault, however far up it is.
      expect(await page.locator('.artwork-edit__status').textContent()).toBe('One field needs a look: see the message beside it.');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('edit-price');
      expect((await productDb().selectFrom('artworks').select('price_minor').where('slug', '=', work.slug).executeTakeFirstOrThrow()).price_minor).toBe(work.price_minor);

      await page.locator('#edit-price').fill(String(pounds));
      await page.locator('#edit-sale_price').fill('');
      await page.locator('.artwork-edit button[type="submit"]').click();
      await expect.poll(() => page.locator('.artwork-edit__status').textContent()).toContain('Saved');
      expect(await page.locator('.artwork-edit__error').count()).toBe(0);
      expect((await productDb().selectFrom('artworks').select(['price_minor', 'sale_price_minor']).where('slug', '=', work.slug).executeTakeFirstOrThrow()))
        .toEqual({ price_minor: pounds * 100, sale_price_minor: null });

      await expect.poll(() => slugsAtPrice(pounds), { timeout: 10_000, interval: 100 }).toEqual([work.slug]);
      await page.goto(`${base}/shop/?price_min=${pounds}&price_max=${pounds}`, { waitUntil: 'networkidle' });
      const card = page.locator(`.card[data-slug="${work.slug}"]`);
      expect(await card.locator('.card__now').textContent()).toBe(`£${pounds.toLocaleString('en-GB')}`);
      await expect.poll(artistPage, { timeout: 5_000, interval: 250 }).toContain(`£${pounds.toLocaleString('en-GB')}`);
    } finally {
      await context.close();
    }
  });

  it('lets staff move a work to another category and give it new colours, and the gallery filters then find it there', async () => {
    const work = await productDb().selectFrom('artworks').select(['slug']).where('status', '=', 'available').where('category', '=', 'painting')
      .orderBy('id', 'desc').executeTakeFirstOrThrow();
    // A price no demo work has, so the gallery finds this work alone within it.
    const pounds = 870_000 + Math.floor(Math.random() * 10_000);
    const inGallery = async (path: string) => {
      await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}price_min=${pounds}&price_max=${pounds}`, { waitUntil: 'networkidle' });
      return page.locator(`.card[data-slug="${work.slug}"]`).count();
    };
    const { context, page } = await signedIn('staff');
    try {
      await page.goto(`${base}/product/${work.slug}/edit/`, { waitUntil: 'networkidle' });
      await page.locator('#edit-price').fill(String(pounds));
      await page.locator('#edit-sale_price').fill('');
      await page.locator('#edit-category').selectOption('sculpture');
      expect(await page.locator('#edit-subcategory').inputValue()).toBe('bronze');
      const swatches = page.locator('[data-field="colours"] input[type="checkbox"]');
      for (const box of await swatches.all()) if (await box.isChecked()) await box.uncheck();
      await page.locator('[data-field="colours"] label', { hasText: 'Gold' }).locator('input').check();
      await page.locator('[data-field="colours"] label', { hasText: 'Turquoise' }).locator('input').check();
      await page.locator('[data-field="units"] input[value="in"]').check();
      await page.locator('#edit-width').fill('20');
      await page.locator('.artwork-edit button[type="submit"]').click();
      await expect.poll(() => page.locator('.artwork-edit__status').textContent()).toContain('Saved');
      const stored = await productDb().selectFrom('artworks').select(['id', 'category', 'subcategory', 'width_cm']).where('slug', '=', work.slug).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ category: 'sculpture', subcategory: 'bronze', width_cm: 50.8 });
      expect((await productDb().selectFrom('artwork_colours').select('colour').where('artwork_id', '=', stored.id).orderBy('position').execute()).map((c) => c.colour))
        .toEqual(['gold', 'turquoise']);

      await expect.poll(() => slugsAtPrice(pounds), { timeout: 10_000, interval: 100 }).toEqual([work.slug]);
      expect(await inGallery('/shop/sculpture/?colours=gold')).toBe(1);
      expect(await page.locator('#colours-gold').isChecked()).toBe(true);
      expect(await inGallery('/shop/sculpture/?colours=turquoise')).toBe(1);
      expect(await inGallery('/shop/painting/')).toBe(0);
      expect(await inGallery('/shop/sculpture/?colours=red')).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the edit form to no one else, and not the link either', async () => {
    const work = await productDb().selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').executeTakeFirstOrThrow();
    const { context, page } = await signedIn('user', 375);
    try {
      await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
      expect(await page.locator('.product__edit').count()).toBe(0);
      const response = await page.goto(`${base}/product/${work.slug}/edit/`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.locator('.notice').textContent()).toBe('Only staff and the artist who made this work can edit it.');
      expect(await page.locator('.artwork-edit').count()).toBe(0);
      expect((await page.goto(`${base}/product/Not-A-Slug/edit/`))?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('fits a phone screen', async () => {
    const work = await productDb().selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const { context, page } = await signedIn('staff', 375);
    try {
      await page.goto(`${base}/product/${work.slug}/edit/`, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: screenshotPath('edit-phone'), fullPage: true });
    } finally {
      await context.close();
    }
  });
});
