import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { runCli } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { wholeNumber } from './args';
import { kB, pageJs } from './page-js';
import { describeScores, launchChromium, scorePage } from './lighthouse-runs';

/**
 * The browser's side of the pages, against a running `npm start`:
 * - the JavaScript the gallery has the browser load before it hydrates, gzipped, from the build
 *   the storefront serves (page-js.ts);
 * - Lighthouse's mobile performance score on `/`, `/shop/` and a product page (the median of
 *   `--runs` runs, lighthouse-runs.ts);
 * - Interaction to Next Paint for a filter tick: the phone Lighthouse emulates (412 × 823 px,
 *   touch) with the processor slowed 4× in Chromium, ticking `--ticks` boxes in the filter
 *   drawer one after another, each measured as the web-vitals library measures INP, from the
 *   Event Timing entries of its interaction (input to the next paint).
 *
 *   npm run bench:lighthouse -- [--site http://127.0.0.1:3000] [--runs 3] [--ticks 8]
 */
await runCli(async () => {
  const { values } = parseArgs({
    options: { site: { type: 'string', default: 'http://127.0.0.1:3000' }, runs: { type: 'string', default: '3' }, ticks: { type: 'string', default: '8' } },
  });
  const site = values.site.replace(/\/+$/, '');
  const runs = wholeNumber('--runs', values.runs, 1, 20);
  const ticks = wholeNumber('--ticks', values.ticks, 1, 50);

  const js = await pageJs(path.join(REPO_ROOT, 'storefront'), `${site}/shop/`);
  console.log(`The gallery's JavaScript: ${kB(js.gzipBytes)} gzipped in ${js.files.length} files (storefront/.next, the build serving ${site}).`);

  const product = await firstProductPath(site);
  const chrome = await launchChromium();
  try {
    for (const page of ['/', '/shop/', product]) {
      for (const line of describeScores(`${site}${page}`, await scorePage(chrome.port, `${site}${page}`, { runs, categories: ['performance'] }), runs)) console.log(line);
    }
  } finally {
    chrome.kill();
  }

  const durations = await filterTickInp(`${site}/shop/`, ticks);
  const sorted = [...durations].sort((a, b) => a - b);
  console.log(`INP of a filter tick on /shop/ (phone, CPU 4× slower), ${ticks} ticks: median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${sorted.at(-1)} ms (${durations.join(' ')} ms).`);
});

/** The Event Timing API's entry, as far as the bench reads it (the scripts are typed for Node, not the DOM). */
interface EventTiming {
  interactionId?: number;
  duration: number;
}

/** What the page under test keeps of its interactions, for the bench to read. */
interface InteractionLog {
  interactionDurations: () => number[];
}

/** The first work the gallery's search lists, as its product page's path. */
async function firstProductPath(site: string): Promise<string> {
  const answer = await fetch(`${site}/api/v2/product/s/?paginate=1`);
  if (!answer.ok) throw new Error(`${site}/api/v2/product/s/ answered ${answer.status}: is npm start running there?`);
  const { results } = (await answer.json()) as { results: { slug: string }[] };
  if (!results[0]) throw new Error('The catalogue has no works to open a product page of.');
  return `/product/${results[0].slug}/`;
}

/**
 * Ticks `ticks` boxes of the gallery's filter drawer on an emulated phone with the processor
 * slowed 4×, and returns each tick's interaction duration: the longest Event Timing entry of its
 * interaction, from the input to the next paint (what INP reports for a page with one interaction).
 */
async function filterTickInp(url: string, ticks: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // In the page: each interaction's longest event duration, as web-vitals' onINP keeps them.
    await page.addInitScript(() => {
      const interactions = new Map<number, number>();
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as EventTiming[]) {
          if (entry.interactionId) interactions.set(entry.interactionId, Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration));
        }
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as unknown as Parameters<InstanceType<typeof PerformanceObserver>['observe']>[0]);
      (globalThis as unknown as InteractionLog).interactionDurations = () => [...interactions.values()];
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const opener = page.locator('.filters-opener');
    await hydrated(page, '.filters-opener');
    await opener.click();
    const boxes = page.locator('.filter-section[data-section="colour"] .facet-list__label');
    await hydrated(page, '.filter-section[data-section="colour"] .facet-list__check');
    const durations: number[] = [];
    for (let i = 0; i < ticks; i++) {
      const before = await page.evaluate(() => (globalThis as unknown as InteractionLog).interactionDurations().length);
      await boxes.nth(i % (await boxes.count())).click();
      // The entry is reported after the paint that follows the tick. None at all means the
      // interaction took under the 16 ms the Event Timing API reports from: it counts as 16.
      const reported = await page.waitForFunction((n) => (globalThis as unknown as InteractionLog).interactionDurations().length > n, before, { timeout: 5_000 }).then(() => true, () => false);
      durations.push(reported ? await page.evaluate(() => (globalThis as unknown as InteractionLog).interactionDurations().at(-1)!) : 16);
      // The tick's count preview answers before the next tick.
      await page.waitForTimeout(1_500);
    }
    return durations;
  } finally {
    await browser.close();
  }
}

/** Waits until React has hydrated the element (its props are on the DOM node). */
async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const node = (globalThis as unknown as { document: { querySelector: (selector: string) => object | null } }).document.querySelector(s);
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactProps$'));
  }, selector, { timeout: 30_000 });
}
