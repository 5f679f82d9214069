import { sql } from 'kysely';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { seriousAccessibilityViolations } from './axe';
import { screenshotPath, useChromium } from './chromium';
import { useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

interface Work {
  slug: string;
  title: string;
  width_cm: number;
  height_cm: number;
}

/** An available wall work with a room view, wider than tall, smallest or largest first. */
async function wallWork(order: 'ASC' | 'DESC' = 'ASC', wide = true): Promise<Work> {
  const { rows } = await sql<Work>`
    SELECT a.slug, a.title, a.width_cm, a.height_cm FROM artworks a
    WHERE a.status = 'available' AND a.category = 'painting' AND ${sql.raw(wide ? 'a.width_cm >= a.height_cm * 1.3' : '1 = 1')}
      AND EXISTS (SELECT 1 FROM artwork_images i WHERE i.artwork_id = a.id AND i.kind = 'room')
    ORDER BY a.width_cm ${sql.raw(order)}, a.id LIMIT 1`.execute(productDb());
  return rows[0]!;
}

const PHONE: BrowserContextOptions = { hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const contextFor = (width: number): BrowserContextOptions => ({
  viewport: { width, height: width < 768 ? 800 : width >= 1920 ? 1080 : 900 },
  ...(width < 768 ? PHONE : {}),
});

async function openWork(slug: string, width: number) {
  const context = await browser().newContext(contextFor(width));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  await page.goto(`${base}/product/${slug}/`, { waitUntil: 'networkidle' });
  return { page, problems, close: () => context.close() };
}

/** The main picture once loaded: its box on the page and the size of the source the browser chose. */
async function mainPicture(page: Page) {
  const img = page.locator('.viewer__image');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  return img.evaluate((i: HTMLImageElement) => {
    const box = i.getBoundingClientRect();
    return {
      rendered: box.width,
      renderedHeight: box.height,
      right: box.right,
      // The width of the source the browser chose (naturalWidth is corrected by the srcset's density).
      source: Number(/\/(\d+)\.webp$/.exec(i.currentSrc)![1]),
      naturalAspect: i.naturalWidth / i.naturalHeight,
      attributes: [Number(i.getAttribute('width')), Number(i.getAttribute('height'))],
      srcsetWidths: (i.getAttribute('srcset') ?? '').split(', ').map((c) => Number(c.split(' ')[1]!.slice(0, -1))),
      dpr: window.devicePixelRatio,
    };
  });
}

const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The full-screen viewer's current slide's picture alt, or 'room' for the room view. */
const currentSlide = (page: Page) =>
  page.locator('.yarl__slide_current').evaluate((slide) => (slide.querySelector('.room') ? 'room' : slide.querySelector('img')?.getAttribute('alt') ?? ''));

describe('the product page pictures', () => {
  it.each([360, 390, 768, 1366, 1920])('shows the main picture large, sharp and without layout shift at %i px', async (width) => {
    const work = await wallWork('DESC');
    const { page, problems, close } = await openWork(work.slug, width);
    const picture = await mainPicture(page);
    // The srcset reaches past 1200 px, and the browser picked a source as sharp as the screen.
    expect(Math.max(...picture.srcsetWidths)).toBeGreaterThanOrEqual(1200);
    expect(picture.source).toBeGreaterThanOrEqual(Math.round(picture.rendered * picture.dpr));
    // The header keeps the page's edges, however wide the page grows for its pictures.
    const edges = await page.evaluate(() => ['.site-header__inner', '.container.product'].map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return [Math.round(box.left), Math.round(box.right)];
    }));
    expect(edges[0]).toEqual(edges[1]);
    // Its size is known before it loads: the attributes carry the picture's own shape, and so does its box.
    const aspect = picture.attributes[0]! / picture.attributes[1]!;
    expect(Math.abs(picture.naturalAspect / aspect - 1)).toBeLessThan(0.02);
    expect(Math.abs(picture.rendered / picture.renderedHeight / aspect - 1)).toBeLessThan(0.02);
    expect(picture.right).toBeLessThanOrEqual(width);
    expect(await fitsViewport(page)).toBe(true);
    await page.screenshot({ path: screenshotPath(`product-images-${width}`) });
    expect(problems).toEqual([]);
    await close();
  });

  it('opens the full-screen viewer: arrow keys between the pictures, click to zoom, Escape gives focus back', async () => {
    const work = await wallWork();
    const { page, problems, close } = await openWork(work.slug, 1366);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const opener = page.locator('.viewer__open');
    expect(await opener.getAttribute('aria-label')).toBe(`Open ${work.title} full screen`);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Pictures of ${work.title}, full screen` });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const closeButton = page.getByRole('button', { name: 'Close the full-screen view' });
    expect(await closeButton.isVisible()).toBe(true);
    await expect.poll(() => currentSlide(page)).toBe(work.title);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentSlide(page)).toBe(`${work.title}, detail`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentSlide(page)).toBe('room');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentSlide(page)).toBe(`${work.title}, detail`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentSlide(page)).toBe(work.title);
    // A click on the picture zooms in (the zoom-out button wakes up), a second click zooms out.
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    expect(await zoomOut.isDisabled()).toBe(true);
    await page.locator('.yarl__slide_current img').last().click();
    await expect.poll(() => zoomOut.isEnabled()).toBe(true);
    await page.waitForTimeout(600); // the zoom's transition, for the picture of it
    await page.screenshot({ path: screenshotPath('product-viewer-zoomed-1366') });
    await page.locator('.yarl__slide_current img').last().click();
    await expect.poll(() => zoomOut.isDisabled()).toBe(true);
    await page.waitForTimeout(600);
    await page.screenshot({ path: screenshotPath('product-viewer-1366') });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('swipes between the pictures on a phone, and closes with its button', async () => {
    const work = await wallWork();
    const { page, problems, close } = await openWork(work.slug, 390);
    await page.screenshot({ path: screenshotPath('product-page-390'), fullPage: true });
    await page.locator('.viewer__open').tap();
    await expect.poll(() => currentSlide(page)).toBe(work.title);
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (from: number, to: number) => {
      const y = 400;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
      for (let step = 1; step <= 8; step++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * step) / 8, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(330, 60);
    await expect.poll(() => currentSlide(page)).toBe(`${work.title}, detail`);
    await swipe(60, 330);
    await expect.poll(() => currentSlide(page)).toBe(work.title);
    await page.waitForTimeout(600); // the slide's transition, for the picture of it
    await page.screenshot({ path: screenshotPath('product-viewer-390') });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const viewer = page.getByRole('dialog', { name: `Pictures of ${work.title}, full screen` });
    const closeButton = page.getByRole('button', { name: 'Close the full-screen view' });
    // Tapped while the viewer is open, a second later again if it still is: on a machine under
    // load Chromium can take a synthetic tap for a long press, which clicks nothing.
    const tapWhileOpen = async () => {
      const open = await viewer.count();
      if (open > 0) await closeButton.tap({ timeout: 2000 }).catch(() => {});
      return open;
    };
    await expect.poll(tapWhileOpen, { interval: 1000, timeout: 10_000 }).toBe(0);
    expect(problems).toEqual([]);
    await close();
  });

  it.each([390, 1366])('views this work in a room at its true size against a 200 cm sofa, at %i px', async (width) => {
    const ratios: number[] = [];
    for (const order of ['ASC', 'DESC'] as const) {
      const work = await wallWork(order, false);
      const { page, problems, close } = await openWork(work.slug, width);
      const mainFolder = await page.locator('.viewer__image').evaluate((i: HTMLImageElement) => i.currentSrc.replace(/\/\d+\.webp$/, ''));
      await page.getByRole('button', { name: 'View in a room' }).click();
      const art = page.locator('.viewer__stage .room__work');
      await expect.poll(() => art.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      // The very work, not another picture: the same address as the main picture, at another width.
      expect(await art.evaluate((i: HTMLImageElement) => i.currentSrc.replace(/\/\d+\.webp$/, ''))).toBe(mainFolder);
      const artBox = (await art.boundingBox())!;
      const sofaBox = (await page.locator('.viewer__stage .room__sofa').boundingBox())!;
      const ratio = artBox.width / sofaBox.width;
      expect(Math.abs(ratio - work.width_cm / 200)).toBeLessThan(0.02 * (work.width_cm / 200) + 0.01);
      expect(Math.abs(artBox.height / artBox.width - work.height_cm / work.width_cm)).toBeLessThan(0.03);
      ratios.push(ratio);
      const scale = await page.locator('.viewer__stage .room__scale').textContent();
      expect(scale).toContain('the sofa is 200 cm wide');
      expect(scale).toContain(`${work.width_cm} × ${work.height_cm} cm`);
      const wall = (await page.locator('.viewer__stage .room__wall').boundingBox())!;
      expect(wall.x).toBeGreaterThanOrEqual(0);
      expect(wall.x + wall.width).toBeLessThanOrEqual(width);
      expect(artBox.y).toBeGreaterThanOrEqual(wall.y);
      expect(await fitsViewport(page)).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      if (order === 'DESC') await page.locator('.viewer__stage').screenshot({ path: screenshotPath(`product-room-${width}`) });
      expect(problems).toEqual([]);
      await close();
    }
    // The smallest work hangs small, the largest large.
    expect(ratios[0]!).toBeLessThan(ratios[1]!);
  });

  it('measures the room in inches for a shopper who uses them, against an 80 in sofa', async () => {
    const work = await wallWork('DESC', false);
    const context = await browser().newContext(contextFor(1366));
    await context.addCookies([{ name: 'af-locale', value: 'en-us:in', url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/product/${work.slug}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'View in a room' }).click();
    const scale = await page.locator('.viewer__stage .room__scale').textContent();
    expect(scale).toContain('the sofa is 80 in wide');
    expect(scale).toMatch(/this work is [\d.]+ × [\d.]+ in\.$/);
    const artBox = (await page.locator('.viewer__stage .room__work').boundingBox())!;
    const sofaBox = (await page.locator('.viewer__stage .room__sofa').boundingBox())!;
    const expected = work.width_cm / (80 * 2.54);
    expect(Math.abs(artBox.width / sofaBox.width - expected)).toBeLessThan(0.02 * expected + 0.01);
    await context.close();
  });
});
