import { describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './axe';
import { screenshotPath, useChromium } from './chromium';
import { openPageType, PAGE_TYPES } from './page-types';
import { useProductDatabase } from './product-database';

const browser = useChromium();
const productDb = useProductDatabase();

/** The smallest phone, a usual phone and a laptop: every page type is screenshotted at each, for people to look at. */
const WIDTHS = [320, 390, 1366] as const;

describe('every page type, at phone and laptop widths', () => {
  for (const type of PAGE_TYPES) {
    for (const width of WIDTHS) {
      it(`${type.name} at ${width} px: nothing wider than the screen, no serious accessibility fault`, async () => {
        const { context, page } = await openPageType(browser(), productDb(), type, width);
        try {
          await page.screenshot({ path: screenshotPath(`page-${type.name}-${width}`), fullPage: true });
          // Nothing sticks out sideways: the page scrolls only down.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
