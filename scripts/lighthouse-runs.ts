import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

/** One page's figures: the median run's category scores, every run's performance score, and the median run itself. */
export interface PageScores {
  scores: Partial<Record<Category, number>>;
  performanceRuns: number[];
  median: Result;
}

/** Debian's Chromium, headless, for Lighthouse; call `kill()` when done. */
export function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Lighthouse (mobile profile, its default: a mid-range phone with 4× CPU slowdown and a slow
 * 4G network, simulated) on one page, `runs` times. A single run's performance score moves by
 * ten points or more with what else the two cores are doing, so the figures are those of the
 * median run (Lighthouse's own `computeMedianRun`, by first contentful paint and time to
 * interactive), with every run's performance score beside them.
 */
export async function scorePage(
  port: number, url: string,
  { runs, categories, extraHeaders }: { runs: number; categories: readonly Category[]; extraHeaders?: Record<string, string> | undefined },
): Promise<PageScores> {
  const lhrs: Result[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories], extraHeaders });
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}.`);
    lhrs.push(run.lhr);
  }
  const score = (lhr: Result, c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  // The median run is chosen by its paint timings; without them, the first run stands for all.
  const median: Result = categories.includes('performance') ? computeMedianRun(lhrs) : lhrs[0]!;
  return {
    scores: Object.fromEntries(categories.map((c) => [c, score(median, c)])),
    performanceRuns: categories.includes('performance') ? lhrs.map((lhr) => score(lhr, 'performance')) : [],
    median,
  };
}

/** The page's figures as lines to print: scores, the median run's metrics, and every audit under 0.9. */
export function describeScores(url: string, { scores, performanceRuns, median }: PageScores, runs: number): string[] {
  const categories = Object.keys(scores) as Category[];
  const line = `${url}: ${categories.map((c) => `${c} ${scores[c]}`).join(', ')}`;
  const lines = performanceRuns.length > 0
    ? [`${line} (median of ${runs}; performance ${performanceRuns.join(' ')})`, `  ${METRICS.map((id) => `${id} ${median.audits[id]?.displayValue ?? '?'}`).join(', ')}`]
    : [`${line} (median of ${runs})`];
  for (const audit of Object.values(median.audits)) {
    if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') lines.push(`  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  }
  return lines;
}
