import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { DEMO_PASSWORD } from '@easel/data';
import { getArtistCv, type ArtistCv } from '@easel/data/queries/artist-cv';
import { seriousAccessibilityViolations } from './axe';
import { screenshotPath, useChromium } from './chromium';
import { signedInContext, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

const WIDTHS = [360, 390, 768, 1366, 1920];

/** An artist whose CV has solo and group shows and education, and the demo artist's own. */
let shown: { slug: string; name: string; cv: ArtistCv };
let demo: { slug: string; name: string };

beforeAll(async () => {
  const db = productDb();
  const candidates = await db.selectFrom('artists').select(['id', 'slug', 'name'])
    .where((eb) => eb.exists(eb.selectFrom('artist_exhibitions as e').whereRef('e.artist_id', '=', 'artists.id').where('e.kind', '=', 'solo').select('e.year')))
    .where((eb) => eb.exists(eb.selectFrom('artist_exhibitions as e').whereRef('e.artist_id', '=', 'artists.id').where('e.kind', '=', 'group').select('e.year')))
    .where((eb) => eb.exists(eb.selectFrom('artist_education as e').whereRef('e.artist_id', '=', 'artists.id').select('e.year')))
    .orderBy('popularity', 'desc').limit(1).execute();
  const chosen = candidates[0]!;
  shown = { slug: chosen.slug, name: chosen.name, cv: (await getArtistCv(db, chosen.id))! };
  demo = await db.selectFrom('users').innerJoin('artists', 'artists.id', 'users.artist_id').select(['artists.slug', 'artists.name'])
    .where('users.email', '=', 'artist@easel.test').executeTakeFirstOrThrow();
});

async function newPage(width: number) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Scrolls through the page so every lazy picture loads, for a full-page screenshot worth looking at. */
async function loadAllPictures(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The elements matching `selector` whose box reaches past the viewport's sides, as their text. */
const outside = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => elements.filter((e) => {
    const box = e.getBoundingClientRect();
    return box.left < 0 || box.right > document.documentElement.clientWidth + 0.5;
  }).map((e) => e.textContent));

const cvPart = (page: Page, heading: string) => page.locator('.artist-cv__part', { has: page.getByRole('heading', { name: heading, exact: true }) });

describe('an artist’s profile', () => {
  it.each(WIDTHS)('shows the biography, where the works ship from and the CV inside a %i px viewport', async (width) => {
    const { context, page, errors } = await newPage(width);
    try {
      await page.goto(`${base}/artist/${shown.slug}/`, { waitUntil: 'networkidle' });
      expect(await page.locator('.artist-profile__bio p').allTextContents()).toEqual(shown.cv.bio.split('\n\n'));
      expect(await page.locator('.artist-profile__ships').textContent()).toMatch(/^Ships from \S/);
      expect(await page.getByRole('heading', { name: 'CV', level: 2 }).isVisible()).toBe(true);

      const solo = shown.cv.exhibitions.filter((e) => e.kind === 'solo');
      const group = shown.cv.exhibitions.filter((e) => e.kind === 'group');
      expect(await cvPart(page, 'Solo exhibitions').locator('.artist-cv__what').allTextContents()).toEqual(solo.map((e) => e.title));
      expect(await cvPart(page, 'Group exhibitions').locator('.artist-cv__where').allTextContents()).toEqual(group.map((e) => `${e.venue}, ${e.city}`));
      expect(await cvPart(page, 'Education').locator('.artist-cv__where').allTextContents()).toEqual(shown.cv.education.map((e) => e.institution).reverse());
      expect(await cvPart(page, 'Education').locator('.artist-cv__year').allTextContents()).toEqual(shown.cv.education.map((e) => String(e.year)).reverse());

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await outside(page, '.artist-profile, .artist-profile__bio p, .artist-cv__part, .artist-cv__entry, .card')).toEqual([]);
      // The works come first: the CV sits below the works for sale.
      const top = (selector: string) => page.locator(selector).first().evaluate((e) => e.getBoundingClientRect().top);
      expect(await top('.artist-cv')).toBeGreaterThan(await top('.card'));

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await loadAllPictures(page);
      await page.screenshot({ path: screenshotPath(`artist-profile-${width}`), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets the artist sign in, edit their biography and add an exhibition, and shows it on their page', async () => {
    const { context, page, errors } = await newPage(1366);
    try {
      await page.goto(`${base}/artist/${demo.slug}/`, { waitUntil: 'networkidle' });
      expect(await page.locator('.artist-profile__edit').count()).toBe(0);
      // Signed in through the log-in endpoint, from the page, as the log-in dialog does.
      const status = await page.evaluate(async (password) => (await fetch('/api/account/login/', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'artist@easel.test', password }),
      })).status, DEMO_PASSWORD);
      expect(status).toBe(200);
      await page.reload({ waitUntil: 'networkidle' });
      await page.locator('.artist-profile__edit').click();
      await page.waitForURL(`${base}/artist/${demo.slug}/edit/`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      // Named by the artist's name, not their address.
      expect(await page.title()).toBe(`Edit the profile of ${demo.name} | Easel`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const bio = `Paints the estuary at first light. ${Date.now()}`;
      await page.getByLabel('Your biography').fill(`${bio}\n\nA second paragraph about the studio.`);
      await page.getByRole('button', { name: 'Add exhibition' }).click();
      // The new entry is on top, with the focus in it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('cv-exhibitions-0-year');
      const entry = page.locator('[data-entry="exhibitions.0"]');
      await entry.getByLabel('Year').fill('2025');
      await entry.getByLabel('Venue').fill('Quay Contemporary');
      await entry.getByLabel('City').fill('Bristol');
      await entry.getByLabel('Kind').selectOption('solo');
      // The title is missing: named beside its field, and nothing is saved.
      await page.getByRole('button', { name: 'Save changes' }).click();
      expect(await page.locator('[data-field="exhibitions.0.title"] .artwork-edit__error').textContent()).toBe('Exhibition title must not be empty.');
      expect(await page.locator('#cv-exhibitions-0-title').getAttribute('aria-invalid')).toBe('true');
      // Said beside the button too, and the focus goes to the field at fault, however far up it is.
      expect(await page.locator('.artwork-edit__status').textContent()).toBe('One field needs a look: see the message beside it.');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('cv-exhibitions-0-title');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('artist-profile-edit-1366'), fullPage: true });

      await entry.getByLabel('Exhibition title').fill('Estuary Mornings');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => page.locator('.artwork-edit__status').textContent()).toContain('Saved');
      expect(await page.locator('.artwork-edit__error').count()).toBe(0);

      await page.getByRole('link', { name: 'Back to the profile' }).first().click();
      await page.waitForURL(`${base}/artist/${demo.slug}/`);
      expect(await page.locator('.artist-profile__bio p').first().textContent()).toBe(bio);
      const solo = cvPart(page, 'Solo exhibitions').locator('.artist-cv__entry', { hasText: 'Estuary Mornings' });
      expect(await solo.locator('.artist-cv__where').textContent()).toBe('Quay Contemporary, Bristol');
      expect(await solo.locator('.artist-cv__year').textContent()).toBe('2025');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits the form on a 390 px phone', async () => {
    const context = await signedInContext(browser(), productDb(), 'staff', 390);
    try {
      const page = await context.newPage();
      await page.goto(`${base}/artist/${shown.slug}/edit/`, { waitUntil: 'networkidle' });
      const artistId = (await productDb().selectFrom('artists').select('id').where('slug', '=', shown.slug).executeTakeFirstOrThrow()).id;
      const cv = (await getArtistCv(productDb(), artistId))!;
      expect(await page.locator('.artist-cv-form [data-entry]').count()).toBe(cv.education.length + cv.exhibitions.length);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await outside(page, '.artist-cv-form input, .artist-cv-form select, .artist-cv-form textarea, .artist-cv-form button')).toEqual([]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('artist-profile-edit-390'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('offers the artist no Follow button for themselves, on their page or their work\'s, and one for other artists', async () => {
    const { context, page } = await newPage(1366);
    try {
      await page.goto(`${base}/artist/${demo.slug}/`, { waitUntil: 'networkidle' });
      // A visitor may follow the artist (logging in first, as favourites ask).
      expect(await page.locator(`[data-follow="${demo.slug}"]`).count()).toBe(1);
      const status = await page.evaluate(async (password) => (await fetch('/api/account/login/', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'artist@easel.test', password }),
      })).status, DEMO_PASSWORD);
      expect(status).toBe(200);
      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.locator('[data-follow]').count()).toBe(0);
      // The follower count still shows.
      expect(await page.locator('.artist-profile .follow__count').textContent()).toMatch(/\d+ followers?/);
      const own = await productDb().selectFrom('artworks').innerJoin('artists', 'artists.id', 'artworks.artist_id')
        .select('artworks.slug').where('artists.slug', '=', demo.slug).where('artworks.status', '=', 'available').executeTakeFirstOrThrow();
      await page.goto(`${base}/product/${own.slug}/`, { waitUntil: 'networkidle' });
      expect(await page.locator('.artist-block').count()).toBe(1);
      expect(await page.locator('[data-follow]').count()).toBe(0);
      await page.goto(`${base}/artist/${shown.slug}/`, { waitUntil: 'networkidle' });
      expect(await page.locator(`[data-follow="${shown.slug}"]`).count()).toBe(shown.slug === demo.slug ? 0 : 1);
    } finally {
      await context.close();
    }
  });

  it('shows shoppers and other artists why they cannot edit, and no form', async () => {
    for (const role of ['user', 'provider'] as const) {
      const context = await signedInContext(browser(), productDb(), role);
      try {
        const page = await context.newPage();
        await page.goto(`${base}/artist/${shown.slug}/`, { waitUntil: 'networkidle' });
        expect(await page.locator('.artist-profile__edit').count()).toBe(0);
        await page.goto(`${base}/artist/${shown.slug}/edit/`, { waitUntil: 'networkidle' });
        expect(await page.locator('.notice').textContent()).toBe('Only the artist and staff can edit this profile.');
        expect(await page.locator('.artist-cv-form').count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });
});
