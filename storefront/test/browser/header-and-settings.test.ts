import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { initials } from '../../lib/account/initials';
import { product } from './worker-product';
import { seriousAccessibilityViolations } from './axe';
import { clickHydrated, hydrated, screenshotPath, useChromium } from './chromium';
import { placeholderFits } from './layout';
import { signedInContext, useProductDatabase } from './product-database';

const base = product.storefrontUrl;
const browser = useChromium();
const productDb = useProductDatabase();

const WIDTHS = [320, 360, 390, 768, 1366, 1920];
/** SPEC section 9's laptop breakpoint: from here up the header is one row. */
const ONE_ROW_FROM = 992;
const HEIGHT = 800;
/** Where the header and settings states are saved for people to look at. */
const SCREENSHOT_WIDTHS = [390, 1366];

async function openPage(width: number, signedIn: boolean, path = '/shop/') {
  const context: BrowserContext = signedIn
    ? await signedInContext(browser(), productDb(), 'user', width)
    : await browser().newContext({ viewport: { width, height: HEIGHT } });
  const page = await context.newPage();
  await page.setViewportSize({ width, height: HEIGHT });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  // The header's controls act once it has hydrated.
  await hydrated(page.locator('.settings__toggle'));
  return { page, errors, close: () => context.close() };
}

type Box = { left: number; right: number; top: number; bottom: number };

/** The element's box on the page as it is drawn. */
const boxOf = (locator: Locator): Promise<Box> => locator.evaluate((el) => {
  const { left, right, top, bottom } = el.getBoundingClientRect();
  return { left, right, top, bottom };
});

/** Whether the box lies wholly inside the viewport, left to right and top to bottom. */
const inside = (box: Box, width: number) => box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= HEIGHT;

/** How the header's search box and its neighbours are laid out, measured in the page. */
const headerLayout = (page: Page) => page.evaluate(() => {
  const input = document.querySelector<HTMLInputElement>('.header-search__input')!;
  const items = [...document.querySelector('.site-header__inner')!.children].map((el) => el.getBoundingClientRect());
  const controls = [...document.querySelectorAll<HTMLElement>('.site-header a, .site-header button, .site-header summary, .site-header input')]
    .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
    .map((el) => ({ name: el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName, ...el.getBoundingClientRect().toJSON() as { left: number; right: number } }));
  return {
    placeholder: input.placeholder,
    // One row: every item of the header's row shares some height with every other.
    oneRow: Math.max(...items.map((r) => r.top)) < Math.min(...items.map((r) => r.bottom)),
    offScreen: controls.filter((c) => c.left < 0 || c.right > window.innerWidth).map((c) => c.name),
    pageWidth: document.documentElement.scrollWidth,
    // The settings summary is read whole, not cut short with an ellipsis.
    settingsCut: (() => {
      const toggle = document.querySelector<HTMLElement>('.settings__toggle')!;
      return toggle.scrollWidth > toggle.clientWidth;
    })(),
  };
});

/** The first card's price in the gallery. */
const firstPrice = (page: Page) => page.locator('.grid .card .card__now').first().textContent();

describe.each(WIDTHS)('the header at %i px', (width) => {
  it.each([false, true])('fits (signed in: %s): one row from laptops up, a search box that shows its placeholder, the settings summary whole, nothing off screen', async (signedIn) => {
    const { page, errors, close } = await openPage(width, signedIn);
    const layout = await headerLayout(page);
    expect(layout.placeholder).toBe('Search art and artists');
    expect(await placeholderFits(page.locator('.header-search__input'))).toBe(true);
    expect(layout.offScreen).toEqual([]);
    expect(layout.settingsCut).toBe(false);
    // On a phone a signed-in shopper's name shows as initials, beside the whole summary.
    if (signedIn) {
      const account = page.locator('summary.account-link');
      const label = (await account.getAttribute('aria-label'))!;
      const name = label.replace(/^[^:]*: /, '');
      const shown = await account.innerText();
      expect(shown).toBe(width < 576 ? initials(name) : name);
      // What it shows is in its name (WCAG 2.5.3), so a shopper can say it to their phone.
      expect(label).toContain(shown);
    }
    expect(layout.pageWidth).toBe(width);
    if (width >= ONE_ROW_FROM) expect(layout.oneRow).toBe(true);
    if (SCREENSHOT_WIDTHS.includes(width)) await page.locator('.site-header').screenshot({ path: screenshotPath(`header-${signedIn ? 'signed-in' : 'visitor'}-${width}`) });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the settings panel inside the screen; a currency chosen in it applies at once, and one toast says what the settings now are', async () => {
    const { page, close } = await openPage(width, true);
    expect(await firstPrice(page)).toMatch(/^£/);
    await page.locator('.settings__toggle').click();
    const panel = page.locator('.settings__panel');
    const currency = panel.getByLabel('Currency');
    await expect.poll(() => currency.isEnabled()).toBe(true);
    expect(inside(await boxOf(panel), width)).toBe(true);
    for (const control of await panel.locator('select, input, button').all()) expect(inside(await boxOf(control), width)).toBe(true);
    if (SCREENSHOT_WIDTHS.includes(width)) await page.screenshot({ path: screenshotPath(`header-settings-${width}`) });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await currency.selectOption('USD');
    await expect.poll(() => firstPrice(page)).toMatch(/^\$/);
    expect(await page.locator('.settings__toggle').textContent()).toContain('$ USD');
    // One toast says what the settings now are; a second change takes its place.
    const toasts = page.locator('.toast__body');
    await expect.poll(() => toasts.allTextContents()).toEqual(['Prices in $ USD, sizes in centimetres, shipping to United Kingdom.']);
    await panel.getByLabel('Ships to').selectOption('US');
    await expect.poll(() => toasts.allTextContents()).toEqual(['Prices in $ USD, sizes in centimetres, shipping to United States.']);
    await close();
  });

  it('opens the category menu: every medium and its subcategories with their counts, each leading to its gallery page', async () => {
    const { page, close } = await openPage(width, false);
    const toggle = page.getByRole('button', { name: 'Shop art' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Shop by medium' });
    const media = menu.locator('.category-menu__link--medium');
    await expect.poll(() => media.count()).toBe(5);
    expect(await media.evaluateAll((links) => links.map((a) => a.firstElementChild?.firstChild?.textContent))).toEqual(['Painting', 'Sculpture', 'Photography', 'Drawing', 'Prints']);
    // Across the screen, starting on it; on phones the page scrolls to the rest of a long menu.
    const box = await boxOf(menu);
    expect(box.left >= 0 && box.right <= width && box.top >= 0 && box.top < HEIGHT).toBe(true);
    const oil = menu.getByRole('link', { name: /^Oil\s*,\s*\d+ works for sale$/ });
    const oilCount = Number(await oil.locator('.category-menu__count').textContent());
    expect(oilCount).toBeGreaterThan(0);
    const paintingCount = Number((await media.first().locator('.category-menu__count').textContent())!.replace(/\D/g, ''));
    expect(paintingCount).toBeGreaterThan(oilCount);
    if (SCREENSHOT_WIDTHS.includes(width)) await page.screenshot({ path: screenshotPath(`header-categories-${width}`) });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await oil.click();
    await page.waitForURL(`${base}/shop/painting/oil/`);
    await page.waitForLoadState('networkidle');
    // The gallery page finds as many works as the menu said.
    expect(Number((await page.locator('#gallery-count').textContent())!.replace(/\D/g, ''))).toBe(oilCount);
    await close();
  });

  it('closes each panel with Escape and gives the focus back to the control that opened it', async () => {
    const { page, close } = await openPage(width, true);
    const panels = [
      { name: 'settings', opener: page.locator('.settings__toggle'), panel: page.locator('.settings__panel') },
      { name: 'categories', opener: page.getByRole('button', { name: 'Shop art' }), panel: page.locator('.category-menu__panel') },
      { name: 'account', opener: page.locator('summary.account-link'), panel: page.locator('.account-menu__panel') },
    ];
    for (const { name, opener, panel } of panels) {
      await opener.click();
      await expect.poll(() => panel.isVisible(), { message: `${name} opens` }).toBe(true);
      // The focus inside the panel first, as a keyboard user's would be.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      await expect.poll(() => panel.isVisible(), { message: `${name} closes` }).toBe(false);
      expect(await opener.evaluate((el) => el === document.activeElement), `${name} gives the focus back`).toBe(true);
    }
    await close();
  });
});

describe('keyboard use', () => {
  it.each(['/shop/', '/'])('makes "Skip to content" the first Tab stop on %s, moving the focus into the main content', async (path) => {
    const { page, close } = await openPage(1366, false, path);
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => ({ text: document.activeElement?.textContent, inMain: document.activeElement?.closest('main') !== null }));
    expect(await focused()).toEqual({ text: 'Skip to content', inMain: false });
    expect(inside(await boxOf(page.locator('.skip-link')), 1366)).toBe(true);
    await page.keyboard.press('Enter');
    expect((await focused()).inMain).toBe(true);
    if (path === '/shop/') expect(await page.evaluate(() => document.activeElement?.classList.contains('gallery__results'))).toBe(true);
    // The next Tab goes on from there, not back to the header.
    await page.keyboard.press('Tab');
    expect((await focused()).inMain).toBe(true);
    await close();
  });

  it('closes the login dialog with Escape and gives the focus back to "Log in"', async () => {
    const { page, close } = await openPage(390, false);
    const login = page.getByRole('button', { name: 'Log in' });
    await login.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log in to Easel' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await login.evaluate((el) => el === document.activeElement)).toBe(true);
    await close();
  });

  it('gives the focus back to the account menu when a dialog opened from it closes with Escape', async () => {
    const { page, close } = await openPage(1366, true);
    const menu = page.locator('summary.account-link');
    await menu.click();
    await page.getByRole('button', { name: 'Tell us about yourself' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tell us about yourself' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await close();
  });
});

describe.each([360, 390])('the gallery on a %i px phone', (width) => {
  it('says on its Filters button how many filters are on, and the drawer closes with Escape back to it', async () => {
    const { page, close } = await openPage(width, false);
    const opener = page.locator('.filters-opener');
    expect(await opener.evaluate((el) => el.textContent)).toBe('Filters');
    await clickHydrated(page.getByRole('button', { name: 'Filters', exact: true }));
    const drawer = page.locator('dialog.filters');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    await page.locator('label[for="colours-green"]').click();
    await page.locator('label[for="colours-blue"]').click();
    await page.locator('.filters__apply-button').click();
    await page.waitForURL(/colours=green/);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    // What the button shows; the words for assistive technology are in its name.
    const shown = () => opener.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.visually-hidden').forEach((hidden) => hidden.remove());
      return copy.textContent;
    });
    await expect.poll(shown).toBe('Filters (2)');
    expect(await page.getByRole('button', { name: /^Filters\s*,\s*2 active$/ }).count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: screenshotPath(`gallery-filters-count-${width}`) });
    await close();
  });
});
