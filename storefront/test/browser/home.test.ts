import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { productCardSchema } from '@easel/search-service/contract';
import { screenshotPath, useChromium } from './chromium';
import { holdPictures, pictureBoxes, picturesArrived } from './pictures';

const base = product.storefrontUrl;
/** The same product with a server budget of 0: every homepage section loads in the browser. */
const deferredBase = product.shellStorefrontUrl;
const browser = useChromium();

async function newPage(width = 1280) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  return { page: await context.newPage(), context, close: () => context.close() };
}

/** The sections every visitor sees alike, which the server renders. */
const CARD_SECTIONS = ['editors-picks', 'featured-art'];
const ARTIST_SECTIONS = ['popular-artists', 'discovered-artists'];
/** The shopper's own sections, always loaded in the browser. */
const OWN_SECTIONS = ['recently-viewed', 'recommendations'];

/** Every card links to a product the catalogue answers for, with the title the card shows. */
async function expectRealArtworks(cards: { title: string; href: string }[]) {
  expect(cards.length).toBeGreaterThan(0);
  for (const { title, href } of cards.slice(0, 3)) {
    const slug = /^\/product\/([a-z0-9-]+)\/$/.exec(href)?.[1];
    expect(slug, href).toBeDefined();
    const response = await fetch(`${base}/api/product/?slug=${slug}`);
    expect(response.status).toBe(200);
    expect(productCardSchema.parse(await response.json()).title).toBe(title);
  }
}

async function sectionCards(page: import('playwright-core').Page, section: string) {
  return page.locator(`[data-section="${section}"] .card`).evaluateAll((cards) =>
    cards.map((card) => ({ title: card.querySelector('.card__title')!.textContent!, href: card.querySelector('a')!.getAttribute('href')! })),
  );
}

describe('the homepage', () => {
  it("shows every section with real artworks and artists: every visitor's rendered on the server, the shopper's own loaded in the browser", async () => {
    const html = await (await fetch(`${base}/`)).text();
    for (const section of ['banner', ...CARD_SECTIONS, ...ARTIST_SECTIONS]) expect(html).toContain(`data-section="${section}"`);
    expect(html).not.toContain('data-missed=');
    expect([...html.matchAll(/data-deferred="([a-z-]+)"/g)].map((m) => m[1])).toEqual(OWN_SECTIONS);

    const { page, close } = await newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    const hero = page.locator('[data-section="banner"] img');
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => page.locator('[data-deferred="recommendations"]').getAttribute('data-status')).toBe('succeeded');
    for (const section of [...CARD_SECTIONS, 'recommendations']) await expectRealArtworks(await sectionCards(page, section));
    // A new visitor has viewed nothing: no recently viewed section.
    expect(await page.locator('[data-section="recently-viewed"]').count()).toBe(0);
    expect(await page.locator('[data-section="editors-picks"] .pick__title').count()).toBeGreaterThan(1);
    for (const section of ARTIST_SECTIONS) {
      const artists = await page.locator(`[data-section="${section}"] .artist-tile`).evaluateAll((tiles) => tiles.map((a) => a.getAttribute('href')!));
      expect(artists.length).toBeGreaterThan(3);
      expect((await fetch(`${base}/api/v2/artist/?slug=${artists[0]!.split('/')[2]}`)).status).toBe(200);
    }
    // Nothing widens the page past the phone's screen, rails scroll inside themselves.
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: screenshotPath('home-desktop'), fullPage: true });
    await close();

    const phone = await newPage(375);
    await phone.page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await phone.page.screenshot({ path: screenshotPath('home-phone'), fullPage: true });
    await phone.close();
  });

  it.each([412, 1280])('draws the banner\'s picture at its size before it arrives, at %i px wide: nothing moves when it does', async (width) => {
    const { page, close } = await newPage(width);
    // The pictures are held back until the page has been drawn without them.
    const release = await holdPictures(page);
    await page.goto(`${base}/`, { waitUntil: 'domcontentloaded' });
    const hero = page.locator('[data-section="banner"] img');
    const before = await pictureBoxes(hero);
    release();
    await expect.poll(() => picturesArrived(hero)).toBe(true);
    expect(before).toHaveLength(1);
    expect(before[0]!.w).toBeGreaterThan(width / 3);
    expect(await pictureBoxes(hero)).toEqual(before);
    await close();
  });

  it('loads every section in the browser when the server leaves them, never blanking the page', async () => {
    const html = await (await fetch(`${deferredBase}/`)).text();
    for (const section of ['banner', ...CARD_SECTIONS, ...ARTIST_SECTIONS]) expect(html).toContain(`data-deferred="${section}"`);

    const { page, close } = await newPage();
    await page.goto(`${deferredBase}/`, { waitUntil: 'networkidle' });
    for (const section of [...CARD_SECTIONS, ...ARTIST_SECTIONS, 'banner', 'recommendations']) {
      await expect.poll(() => page.locator(`[data-deferred="${section}"]`).getAttribute('data-status')).toBe('succeeded');
    }
    for (const section of CARD_SECTIONS) await expectRealArtworks(await sectionCards(page, section));
    expect(await page.locator('[data-section="banner"] h1').textContent()).toBeTruthy();
    await close();
  });

  it('fills recently viewed, and bases recommendations on it, as the shopper browses', async () => {
    const { page, close } = await newPage();
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    expect(await page.locator('[data-section="recently-viewed"]').count()).toBe(0);
    const featured = await sectionCards(page, 'featured-art');
    for (const card of featured.slice(0, 2)) {
      await page.goto(`${base}${card.href}`, { waitUntil: 'networkidle' });
    }
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await expect.poll(async () => (await sectionCards(page, 'recently-viewed')).map((c) => c.href)).toEqual([featured[1]!.href, featured[0]!.href]);
    await expect.poll(() => page.locator('[data-deferred="recommendations"]').getAttribute('data-status')).toBe('succeeded');
    const recommended = await sectionCards(page, 'recommendations');
    expect(recommended.map((c) => c.href)).not.toContain(featured[0]!.href);
    // Back from a product page viewed since, recently viewed has it first.
    await page.goto(`${base}${featured[2]!.href}`, { waitUntil: 'networkidle' });
    await page.goBack({ waitUntil: 'networkidle' });
    await expect.poll(async () => (await sectionCards(page, 'recently-viewed')).map((c) => c.href)).toEqual([featured[2]!.href, featured[1]!.href, featured[0]!.href]);
    await close();
  });
});
