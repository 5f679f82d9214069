import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { product } from './worker-product';
import { COLOUR_VALUES, STYLES, SUBJECTS } from '@easel/shared/vocabulary';
import type { SuggestionsResponse } from '@easel/search-service/contract';
import { FILTERS } from '@easel/search-service/filters';
import { seriousAccessibilityViolations } from './axe';
import { hydrated, screenshotPath, useChromium } from './chromium';

const base = product.storefrontUrl;
const searchUrl = product.searchUrl;
const browser = useChromium();

const WIDTHS = [360, 390, 768, 1366, 1920];
const SCREENSHOT_WIDTHS = [390, 1366];

const suggestionsOf = async (query: string) =>
  (await (await fetch(`${searchUrl}/api/v2/product/s/_suggestions/?${query}`)).json()) as SuggestionsResponse;

/**
 * A search that finds works (two filters) and a subject word that, added to it, finds none,
 * though removing one of the filters brings works back: found through the search API, as a
 * shopper might stumble on it.
 */
let filters: string;
let absentWord: string;

beforeAll(async () => {
  for (const style of STYLES) {
    for (const colour of COLOUR_VALUES) {
      const query = `style=${style}&colours=${colour}`;
      if ((await suggestionsOf(query)).count === 0) continue;
      for (const subject of SUBJECTS.filter((s) => /^[a-z]+$/.test(s))) {
        const answer = await suggestionsOf(`${query}&q=${subject}`);
        // The narrowest part is a filter: dropping the colour or the style brings back more works than dropping the word.
        if (answer.count === 0 && answer.removals[0]!.kind === 'filter' && answer.removals[0]!.count > 0) {
          filters = query;
          absentWord = subject;
          return;
        }
      }
    }
  }
  throw new Error('No filtered search finds nothing with a subject word added.');
});

async function openGallery(width: number, path: string) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  return { page, errors, close: () => context.close() };
}

const isSearch = (url: string) => new URL(url).pathname === '/api/v2/product/s/';
const countOf = async (page: Page) => Number(((await page.locator('#gallery-count').textContent()) ?? '').replace(/[^\d]/g, ''));

/** Runs an action that searches, and waits for the search's answer to be on the page. */
async function searching(page: Page, action: () => Promise<unknown>) {
  const answered = page.waitForResponse((r) => isSearch(r.url()));
  await action();
  await (await answered).finished();
}

/**
 * Types words into the gallery's search box and searches, once the box has come to life (sent
 * before, the form loads the next page from the server, which searches there).
 */
async function searchFor(page: Page, words: string) {
  await hydrated(page.locator('#gallery-q'));
  await page.locator('#gallery-q').fill(words);
  await searching(page, () => page.locator('#gallery-q').press('Enter'));
}

/** Where a control, scrolled to, leaves the viewport: null when it lies wholly inside. */
async function outsideViewport(page: Page, control: Locator): Promise<string | null> {
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await control.boundingBox();
  const { width, height } = page.viewportSize()!;
  if (box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height) return null;
  return `${await control.textContent()} at ${JSON.stringify(box)} in ${width}x${height}`;
}

const REMOVE = /^Remove “(.+)” — ([\d,]+) artworks?$/;

describe.each(WIDTHS)('a search that finds nothing, at %i px', (width) => {
  it('offers the narrowest part to remove with the count it brings back, and popular categories', async () => {
    const { page, errors, close } = await openGallery(width, `/shop/?${filters}`);
    expect(await countOf(page)).toBeGreaterThan(0);
    await searchFor(page, absentWord);
    await expect.poll(() => page.locator('#no-results-title').textContent()).toBe('No artworks match this search');
    expect(await page.locator('.grid .card').count()).toBe(0);

    // The suggestion: the removal the search service counts as bringing back the most works.
    const remove = page.locator('.no-results__remove');
    await expect.poll(() => remove.count()).toBe(1);
    await expect.poll(() => page.locator('.no-results__category').count()).toBeGreaterThan(0);
    if (SCREENSHOT_WIDTHS.includes(width)) await page.screenshot({ path: screenshotPath(`no-results-${width}`), fullPage: true });
    const [, label, shown] = REMOVE.exec(((await remove.textContent()) ?? '').trim())!;
    const expected = await suggestionsOf(new URL(page.url()).search.slice(1));
    const best = expected.removals[0]!;
    expect(Number(shown!.replace(/,/g, ''))).toBe(best.count);
    expect(best.count).toBe(Math.max(...expected.removals.map((r) => r.count)));
    expect(best.kind).toBe('filter');
    // 'Colour: Red' for the colours, 'Style: Abstract' for the style.
    expect(label).toMatch(new RegExp(`^${FILTERS.find((row) => best.kind === 'filter' && row.group === best.filter)!.label}: [A-Z]`));
    expect(await outsideViewport(page, remove)).toBeNull();

    // Popular categories: links to their landing pages, with their sizes.
    const categories = page.locator('.no-results__category');
    await expect.poll(() => categories.count()).toBe(expected.categories.filter((c) => c.count > 0).length);
    for (const [i, { value, count }] of expected.categories.entries()) {
      const link = categories.nth(i);
      expect(await link.getAttribute('href')).toBe(`/shop/${value}/`);
      expect(await link.locator('.no-results__category-count').textContent()).toBe(count.toLocaleString('en-GB'));
      expect(await outsideViewport(page, link)).toBeNull();
    }

    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Following the suggestion shows exactly the works it counted.
    await searching(page, () => remove.click());
    await expect.poll(() => countOf(page)).toBe(best.count);
    expect(await page.locator('.grid .card').count()).toBe(Math.min(60, best.count));
    expect(await page.locator('.no-results').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('offers “Did you mean” for misspelt words, and follows it to results', async () => {
    const { page, errors, close } = await openGallery(width, '/shop/');
    await searchFor(page, 'sesacape');
    const link = page.locator('.did-you-mean__link');
    await expect.poll(() => page.locator('.did-you-mean').textContent()).toBe('Did you mean seascape?');
    if (SCREENSHOT_WIDTHS.includes(width)) await page.screenshot({ path: screenshotPath(`did-you-mean-${width}`) });
    expect(await outsideViewport(page, link)).toBeNull();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await searching(page, () => link.click());
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('seascape');
    await expect.poll(() => page.locator('#gallery-q').inputValue()).toBe('seascape');
    expect(await countOf(page)).toBeGreaterThan(0);
    expect(await page.locator('.grid .card').count()).toBeGreaterThan(0);
    // The words now match as typed: nothing more to suggest.
    expect(await page.locator('.did-you-mean').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('popular categories', () => {
  it('lead to the category page, which shows as many works as the link said', async () => {
    const { page, close } = await openGallery(1366, `/shop/?${filters}&q=${absentWord}`);
    const first = page.locator('.no-results__category').first();
    await expect.poll(() => first.count()).toBe(1);
    const shown = Number((await first.locator('.no-results__category-count').textContent())!.replace(/,/g, ''));
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await page.waitForURL(`${base}${href}`);
    await expect.poll(() => countOf(page)).toBe(shown);
    await close();
  });
});
