import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { REPO_ROOT } from '@easel/shared/env';

/** Debian's Chromium; a downloaded browser is not an option on the machines this runs on. */
const EXECUTABLE = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** One Chromium for a test file, launched before its tests and closed after them. */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: EXECUTABLE, args: FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running yet: use it inside a test.');
    return browser;
  };
}

/** Screenshots for people to look at live here, one file per view, replaced on every run. */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'var', 'screenshots');

export function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/**
 * Waits until React has hydrated an element (its props, handlers included, are on the DOM node)
 * and the effects of that render have run (after the next frame): on a busy machine
 * `networkidle` can come first.
 */
export async function hydrated(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((node) => node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps$')), element);
  await locator.page().evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))');
}

/**
 * Clicks an element once React has hydrated it: a click on the server's markup before that does
 * nothing. `beforeClick` reads the page as the shopper sees it just before the click.
 */
export async function clickHydrated(locator: Locator, beforeClick?: () => Promise<void>): Promise<void> {
  await hydrated(locator);
  await beforeClick?.();
  await locator.click();
}

/** The header's account menu of the signed-in user of this name: the name, or on a phone its initials, labelled with it. */
export function accountMenu(page: Page, name: string): Locator {
  return page.locator(`.site-header summary.account-link[aria-label$=": ${name}"]`);
}
