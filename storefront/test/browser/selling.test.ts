import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { getArtistWorkRows } from '@easel/data/queries/listings';
import { addSession, addUser } from '../../../data/test/fixtures';
import { phonePhoto } from '../../lib/listing/photos.fixture';
import { seriousAccessibilityViolations } from './axe';
import { accountMenu, clickHydrated, screenshotPath, useChromium } from './chromium';
import { useProductDatabase } from './product-database';
import { product } from './worker-product';

const base = product.storefrontUrl;
const browser = useChromium();
const database = useProductDatabase();

/** Two photos as a phone takes them: 4000×3000 stored on their side (EXIF orientation 6), with GPS tags. */
let photos: Buffer[];
beforeAll(async () => {
  photos = await Promise.all([phonePhoto(), phonePhoto()]);
});

/**
 * A person who has just become an artist on Easel: a fresh account, given the artist profile of
 * a seeded artist that had no account, signed in in a browser of `width` px (their works are
 * the seeded artist's, all for sale or sold).
 */
async function newArtist(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[]; artistId: number }> {
  const db = database();
  const artist = await db.selectFrom('artists as a').select('a.id')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('users as u').whereRef('u.artist_id', '=', 'a.id').select('u.id'))))
    .where((eb) => eb.exists(eb.selectFrom('shipping_profiles as p').whereRef('p.artist_id', '=', 'a.id').select('p.id')))
    .orderBy('a.id', 'desc').limit(1).executeTakeFirstOrThrow();
  const userId = await addUser(db, undefined, `new-artist-${randomUUID()}@example.com`);
  await db.updateTable('users').set({ role: 'provider', artist_id: artist.id, name: 'Noor' }).where('id', '=', userId).execute();
  const token = randomUUID();
  await addSession(db, token, userId);
  const context = await browser().newContext({ viewport: { width, height: 844 } });
  await context.addCookies([{ name: 'sessionid', value: token, url: base }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors, artistId: artist.id };
}

/** Nothing on the page reaches past the viewport's sides. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

/** Fills the listing form as an artist would, with `title`. */
async function fillListing(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Low water at first light, the mud still silver. Oil on linen, signed on the back.');
  await page.getByLabel('Category', { exact: true }).selectOption('painting');
  await page.getByLabel('Subcategory').selectOption('oil');
  await page.getByLabel('Medium', { exact: true }).fill('Oil on linen');
  await page.getByLabel('Subject').selectOption('seascape');
  await page.getByLabel('Style').selectOption('impressionist');
  await field(page, 'colours').getByLabel('Blue').check();
  await field(page, 'colours').getByLabel('Green').check();
  // A landscape canvas, photographed as the phone was held, upright: the photo's shape is not the work's.
  await page.getByLabel('Width (cm)').fill('80');
  await page.getByLabel('Height (cm)').fill('60');
  await page.getByLabel('Depth (cm)').fill('2.5');
  await page.getByLabel('Ready to hang').check();
  await page.getByLabel('Price (£)', { exact: true }).fill('450');
}

describe('an artist lists a work from a phone', () => {
  it('lists it with two phone photos at 390 px, publishes it, finds it in the gallery, and no served picture is on its side or carries GPS', async () => {
    const { context, page, errors } = await newArtist(390);
    const title = `Estuary at dawn ${randomUUID().slice(0, 8)}`;
    try {
      // From the account menu to "Your works", then "List a work".
      await page.goto(`${base}/`, { waitUntil: 'networkidle' });
      await clickHydrated(accountMenu(page, 'Noor'));
      await page.locator('.account-menu__panel').getByRole('link', { name: 'Your works' }).click();
      await page.waitForURL(`${base}/artist/works/`);
      await page.getByRole('link', { name: 'List a work' }).first().click();
      await page.waitForURL(`${base}/artist/works/new/`);
      await page.waitForLoadState('networkidle');
      expect(await fitsWidth(page)).toBe(true);

      await fillListing(page, title);
      // The colours keep the order they were ticked in: the main one first.
      const place = (colour: string) => field(page, 'colours').locator('label', { hasText: colour }).locator('.listing-form__place').textContent();
      expect([await place('Blue'), await place('Green')]).toEqual(['1', '2']);
      await page.getByRole('button', { name: 'Save draft' }).click();

      // The draft is saved; its edit page asks for photos.
      await page.waitForURL(/\/product\/[a-z0-9-]+\/edit\/\?saved=draft#photos$/);
      const slug = new URL(page.url()).pathname.split('/')[2]!;
      expect(await page.getByRole('status').filter({ hasText: 'Draft saved' }).count()).toBe(1);
      expect(await page.locator('.listing-edit__status .work-status').textContent()).toBe('Draft');

      // Publishing without a photo is refused, in words that say what is missing.
      await clickHydrated(page.locator('.listing-edit__status').getByRole('button', { name: 'Publish' }));
      await expect.poll(() => page.locator('.listing-edit__status [role="alert"]').textContent()).toMatch(/is not on sale yet\. Photos: add at least one photo/);

      // Two photos, the upload's progress shown while the bytes go (the connection slowed, as a phone's is).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: Math.max(64 * 1024, photos[0]!.length / 3) });
      await page.locator('#photos input[type="file"][multiple]').setInputFiles(photos.map((buffer, i) => ({ name: `IMG_00${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
      await expect.poll(() => page.locator('.photos__progress-text').first().textContent(), { interval: 50 }).toMatch(/^Uploading IMG_001\.jpg: \d{1,2}%$/);
      await expect.poll(() => page.locator('.photos__item').count(), { timeout: 60_000 }).toBe(2);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      expect(await page.locator('.photos__caption').allTextContents()).toEqual(['Main image', 'Photo 2']);
      expect(await page.locator('.photos__upload').count()).toBe(0);
      // The refusal no longer holds once the photos change: its words are gone.
      expect(await page.locator('.listing-edit__status [role="alert"]').count()).toBe(0);
      expect(await page.locator('.listing-edit__status .work-actions__outcome').textContent()).toBe('');

      // The second photo made the main image.
      const before = await page.locator('.photos__item').evaluateAll((items) => items.map((i) => i.getAttribute('data-photo')));
      await page.locator('.photos__item').nth(1).getByRole('button', { name: 'Move earlier' }).click();
      await expect.poll(() => page.locator('.photos__item').evaluateAll((items) => items.map((i) => i.getAttribute('data-photo')))).toEqual([...before].reverse());
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('selling-edit-photos-390'), fullPage: true });

      // The preview is the product page the work will have.
      await page.locator('.listing-edit__status').getByRole('link', { name: 'Preview' }).click();
      await page.waitForURL(`${base}/product/${slug}/preview/`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('.summary__price, .buy-box').first().textContent()).toContain('£450');
      expect(await page.locator('.preview-band').textContent()).toContain('Shoppers cannot see it until you publish it');
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: screenshotPath('selling-preview-390'), fullPage: true });
      // Shoppers cannot see it yet.
      expect((await page.request.get(`${base}/product/${slug}/`)).status()).toBe(404);

      await clickHydrated(page.locator('.preview-band').getByRole('button', { name: 'Publish' }));
      await expect.poll(() => page.locator('.preview-band [role="status"]').textContent()).toBe(`“${title}” is on sale. The gallery shows it within a few seconds.`);

      // In the gallery by its title within seconds.
      const gallery = await context.newPage();
      await expect.poll(async () => {
        await gallery.goto(`${base}/shop/?q=${encodeURIComponent(title)}`, { waitUntil: 'domcontentloaded' });
        return gallery.locator('.card__title').allTextContents();
      }, { timeout: 10_000, interval: 500 }).toContain(title);
      // Its card draws the photo whole, in the photo's own shape, inside the card's frame.
      const picture = gallery.locator(`.card[data-slug="${slug}"] .card__image`);
      await picture.evaluate((img: HTMLImageElement) => img.decode());
      const drawn = await picture.evaluate((img: HTMLImageElement) => {
        const frame = img.closest('.card__frame')!.getBoundingClientRect();
        const box = img.getBoundingClientRect();
        const shapes = { box: box.width / box.height, photo: img.naturalWidth / img.naturalHeight };
        return {
          inside: box.top >= frame.top && box.bottom <= frame.bottom && box.left >= frame.left && box.right <= frame.right,
          stretched: getComputedStyle(img).objectFit === 'fill' && Math.abs(shapes.box - shapes.photo) > 0.02,
        };
      });
      expect(drawn).toEqual({ inside: true, stretched: false });
      await gallery.close();

      // Every picture the product page serves of it stands upright (portrait, as the phone held it) and carries no EXIF or GPS.
      await page.goto(`${base}/product/${slug}/`, { waitUntil: 'networkidle' });
      const sources = await page.locator('img').evaluateAll((images) => images.flatMap((img) => [
        (img as HTMLImageElement).currentSrc, ...((img as HTMLImageElement).srcset || '').split(',').map((s) => s.trim().split(' ')[0]!),
      ]).filter((src) => src.includes('/media/photos/')));
      const served = [...new Set(sources.map((src) => new URL(src, base).pathname))];
      expect(served.length).toBeGreaterThanOrEqual(2);
      for (const path of served) {
        const response = await page.request.get(`${base}${path}`);
        expect(response.status()).toBe(200);
        const bytes = await response.body();
        const meta = await sharp(bytes).metadata();
        expect(meta.height!).toBeGreaterThan(meta.width!);
        expect(meta.exif).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
        expect(meta.xmp).toBeUndefined();
      }

      // "Your works" lists it for sale.
      await page.goto(`${base}/artist/works/?status=for_sale`, { waitUntil: 'networkidle' });
      const row = page.locator('.work-row', { hasText: title });
      expect(await row.locator('.work-status').textContent()).toBe('For sale');
      expect(await row.locator('.work-row__price').textContent()).toBe('£450');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('Your works', () => {
  it('counts the works in each status, narrows the list to one, and takes a work off sale as sold elsewhere', async () => {
    const { context, page, errors, artistId } = await newArtist(1366);
    try {
      const db = database();
      const { works } = await getArtistWorkRows(db, artistId);
      expect(works.length).toBeGreaterThan(0);
      await page.goto(`${base}/artist/works/`, { waitUntil: 'networkidle' });
      const countOf = async (status: string) => Number(await page.locator(`.works-filter__link[data-status="${status}"] .works-filter__count`).textContent());
      expect(await countOf('all')).toBe(works.length);
      expect(await page.locator('.work-row').count()).toBe(works.length);

      for (const status of ['for_sale', 'sold']) {
        const expected = works.filter((w) => w.status === status).length;
        expect(await countOf(status)).toBe(expected);
        await page.locator(`.works-filter__link[data-status="${status}"]`).click();
        await page.waitForURL(`${base}/artist/works/?status=${status}`);
        expect(await page.locator('.works-filter__link[aria-current="page"]').getAttribute('data-status')).toBe(status);
        const shown = await page.locator('.work-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
        expect(shown).toHaveLength(expected);
        expect(new Set(shown)).toEqual(new Set(expected > 0 ? [status] : []));
      }

      // A work for sale, marked sold elsewhere: off sale at once, counted as sold.
      await page.goto(`${base}/artist/works/?status=for_sale`, { waitUntil: 'networkidle' });
      const forSale = await countOf('for_sale');
      const sold = await countOf('sold');
      const row = page.locator('.work-row').first();
      const title = (await row.locator('.work-row__title').textContent())!;
      await clickHydrated(row.getByRole('button', { name: 'Sold elsewhere' }));
      await expect.poll(() => countOf('sold')).toBe(sold + 1);
      expect(await countOf('for_sale')).toBe(forSale - 1);
      await page.locator('.works-filter__link[data-status="sold"]').click();
      await page.waitForURL(`${base}/artist/works/?status=sold`);
      expect(await page.locator('.work-row', { hasText: title }).locator('.work-status').textContent()).toBe('Sold elsewhere');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([320, 390, 1366])('fits a %i px screen, as does the listing form', async (width) => {
    const { context, page, errors } = await newArtist(width);
    try {
      await page.goto(`${base}/artist/works/`, { waitUntil: 'networkidle' });
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`selling-works-${width}`), fullPage: true });
      await page.goto(`${base}/artist/works/new/`, { waitUntil: 'networkidle' });
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: screenshotPath(`selling-new-${width}`), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is refused to a shopper, and asks a visitor to log in', async () => {
    const visitor = await browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await visitor.newPage();
      await page.goto(`${base}/artist/works/`, { waitUntil: 'networkidle' });
      expect(await page.locator('.notice').textContent()).toContain('Please log in to list and manage your works.');
      const db = database();
      const userId = await addUser(db, undefined, `shopper-${randomUUID()}@example.com`);
      const token = randomUUID();
      await addSession(db, token, userId);
      await visitor.addCookies([{ name: 'sessionid', value: token, url: base }]);
      await page.goto(`${base}/artist/works/new/`, { waitUntil: 'networkidle' });
      expect(await page.locator('.notice').textContent()).toBe('Only artists list works on Easel: your account has no artist profile.');
    } finally {
      await visitor.close();
    }
  });
});

describe('the listing form', () => {
  it('names each field at fault beside it, in the shopper\'s English, before and after the server checks', async () => {
    const { context, page, errors } = await newArtist(390);
    try {
      await page.goto(`${base}/artist/works/new/?language=en-us`, { waitUntil: 'networkidle' });
      await clickHydrated(page.getByRole('button', { name: 'Save draft' }));
      const error = (name: string) => field(page, name).locator('.artwork-edit__error').textContent();
      await expect.poll(() => error('title')).toBe('Title: give the work a title of 1 to 120 characters.');
      expect(await error('price')).toBe('Price (£) must be an amount in pounds, such as 450 or 450.50.');
      expect(await error('width')).toMatch(/^Width: /);
      expect(await error('colours')).toMatch(/^Colors: /);
      expect(await page.locator('#listing-title').getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('listing-title');
      expect(await page.locator('.artwork-edit__status').textContent()).toMatch(/fields need a look/);

      // Mended, the form saves; a sale price at or above the price is refused by name.
      await fillListing(page, `Refused ${randomUUID().slice(0, 6)}`);
      await page.getByLabel('Sale price (£)').fill('500');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect.poll(() => error('sale_price')).toBe('Sale price: leave it empty, or enter an amount from £1 that is below the price.');
      expect(await page.locator('.artwork-edit__error').count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
