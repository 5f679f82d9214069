import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { britishSpellingsIn } from '../../lib/i18n/british-spellings.fixture';
import { useChromium } from './chromium';
import { openPageType, PAGE_TYPES, type PageType } from './page-types';
import { useProductDatabase } from './product-database';

/**
 * American English on every page type: a shopper who chose it reads no British spelling from
 * Easel itself: page text, labels, titles, SEO text or the API's refusals. Artists' own words
 * (titles, descriptions, media, biographies, CVs) are theirs, as they wrote them, and are left
 * out of the check.
 */

const browser = useChromium();
const productDb = useProductDatabase();

/** Pages whose vocabulary is spelled differently in the two Englishes, besides every page type. */
const AMERICAN_PAGES: PageType[] = [
  ...PAGE_TYPES,
  { name: 'gray colour photographs', path: async () => '/shop/photography/colour/?colours=grey' },
  { name: 'a watercolour', path: async (db) => `/product/${(await db.selectFrom('artworks').select('slug').where('status', '=', 'available').where('subcategory', '=', 'watercolour').orderBy('id').executeTakeFirstOrThrow()).slug}/` },
];

let artistsWords: string[] = [];

beforeAll(async () => {
  const db = productDb();
  const [works, artists, education, exhibitions] = await Promise.all([
    db.selectFrom('artworks').select(['title', 'description', 'medium']).execute(),
    db.selectFrom('artists').select(['name', 'bio']).execute(),
    db.selectFrom('artist_education').select(['institution', 'course']).execute(),
    db.selectFrom('artist_exhibitions').select(['title', 'venue']).execute(),
  ]);
  const words = [...works, ...artists, ...education, ...exhibitions].flatMap((row) => Object.values(row) as string[]);
  // Whole texts as written, and each paragraph and sentence, for pages that show a part.
  artistsWords = [...new Set(words.flatMap((text) => [text, ...text.split(/\n+|(?<=\.) /)]).filter((text) => britishSpellingsIn(text).length > 0))]
    .sort((a, b) => b.length - a.length);
});

/** Every piece of text the page shows or says about itself: text, labels, alternatives, title and meta descriptions. */
function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title];
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="description"], meta[property^="og:"], meta[name^="twitter:"]')) texts.push(meta.content);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (!node.parentElement?.closest('script, style, noscript, template')) texts.push(node.textContent ?? '');
    }
    for (const element of document.querySelectorAll('[alt], [title], [aria-label], [placeholder]')) {
      for (const name of ['alt', 'title', 'aria-label', 'placeholder']) texts.push(element.getAttribute(name) ?? '');
    }
    return texts.filter((text) => text.trim() !== '');
  });
}

/** The British spellings in the page's own words, each with the text it was found in. */
function britishInEaselsWords(texts: string[]): string[] {
  return texts.flatMap((text) => {
    if (britishSpellingsIn(text).length === 0) return [];
    const easels = artistsWords.reduce((rest, words) => rest.split(words).join(' '), text);
    return britishSpellingsIn(easels).map((word) => `${word} in “${text.trim().slice(0, 120)}”`);
  });
}

describe('American English on every page type', () => {
  for (const type of AMERICAN_PAGES) {
    it(`${type.name}: no British spelling`, async () => {
      const { context, page } = await openPageType(browser(), productDb(), type, 1366, 'en-us');
      try {
        expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
        // A dialog the page opens at once (the /login/ page's) is read, then closed.
        const texts = await pageTexts(page);
        if ((await page.locator('dialog[open]').count()) > 0) await page.keyboard.press('Escape');
        // The filter panel and menus are in the page even when closed; the header's category menu loads when opened.
        const menu = page.locator('.category-menu__toggle');
        if (await menu.isVisible()) {
          await menu.click();
          await page.locator('.category-menu__media').waitFor();
        }
        expect(britishInEaselsWords([...texts, ...await pageTexts(page)])).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('finds the British spellings a British shopper reads, so the check can fail', async () => {
    const grey = AMERICAN_PAGES.find((type) => type.name === 'gray colour photographs')!;
    const { context, page } = await openPageType(browser(), productDb(), grey, 1366, 'en-gb');
    try {
      const found = britishInEaselsWords(await pageTexts(page)).map((finding) => finding.split(' ')[0]!.toLowerCase());
      expect(found).toEqual(expect.arrayContaining(['grey', 'colour', 'basket']));
    } finally {
      await context.close();
    }
  });

  it('words the API\'s refusals for the American shopper: a line no longer in the cart, an empty cart at checkout', async () => {
    const { context, page } = await openPageType(browser(), productDb(), PAGE_TYPES.find((type) => type.name === 'basket')!, 1366, 'en-us');
    try {
      const refusals = await page.evaluate(async () => {
        const message = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
        return [
          await message(await fetch('/api/basket-next/?line=999999999', { method: 'DELETE' })),
          await message(await fetch('/api/basket-next/', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ line: 999999999, quantity: 2 }) })),
          await message(await fetch('/collections/api/favourites/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ slug: 'anything' }) })),
        ];
      });
      expect(refusals).toEqual(['That item is no longer in your cart.', 'That item is no longer in your cart.', 'Please log in to save favorites.']);
    } finally {
      await context.close();
    }
  });
});
