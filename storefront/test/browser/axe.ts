import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page at rest (the pointer moved off whatever
 * it last pressed, and transitions that end over, so contrast is judged on the colours that stay),
 * each as "rule: help (selectors)". axe is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the page runs exactly as a shopper's would.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)));
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')})`);
}
