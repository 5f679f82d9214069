import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { runCli } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { wholeNumber } from './args';

/**
 * Lighthouse (mobile profile, its default) against pages of a running storefront, in Debian's
 * Chromium. Each page is measured `--runs` times: a single run's performance score moves by ten
 * points or more with what else the two cores are doing, so the figures are those of the median
 * run (Lighthouse's own `computeMedianRun`, by first contentful paint and time to interactive),
 * with every run's performance score beside them. `--only` measures some categories (one run is
 * enough for accessibility and SEO, which do not move with load); `--cookie` is sent with every
 * request, to measure pages a signed-in shopper sees. Writes bench-results/lighthouse.json.
 *
 *   npm run lighthouse -- http://127.0.0.1:3000/shop/ http://127.0.0.1:3000/ --runs 5
 *   npm run lighthouse -- http://127.0.0.1:3000/account/orders/ --only accessibility,seo --runs 1 --cookie sessionid=…
 */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

await runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: 'string', default: '5' }, only: { type: 'string', default: CATEGORIES.join(',') }, cookie: { type: 'string' } },
  });
  if (positionals.length === 0) throw new Error('Name at least one page, e.g. npm run lighthouse -- http://127.0.0.1:3000/shop/');
  const runs = wholeNumber('--runs', values.runs, 1, 20);
  const categories = values.only.split(',').map((c) => {
    const category = CATEGORIES.find((known) => known === c.trim());
    if (!category) throw new Error(`--only takes categories from ${CATEGORIES.join(', ')}; "${c}" is not one.`);
    return category;
  });
  const extraHeaders = values.cookie ? { Cookie: values.cookie } : undefined;
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: Record<string, Record<string, number | number[]>> = {};
  try {
    for (const url of positionals) {
      const lhrs: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, extraHeaders });
        if (!run) throw new Error(`Lighthouse returned nothing for ${url}.`);
        lhrs.push(run.lhr);
      }
      const score = (lhr: Result, c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      // The median run is chosen by its paint timings; without them, the first run stands for all.
      const median: Result = categories.includes('performance') ? computeMedianRun(lhrs) : lhrs[0]!;
      const scores = Object.fromEntries(categories.map((c) => [c, score(median, c)]));
      const line = `${url}: ${categories.map((c) => `${c} ${scores[c]}`).join(', ')}`;
      if (categories.includes('performance')) {
        const performanceRuns = lhrs.map((lhr) => score(lhr, 'performance'));
        results[url] = { ...scores, performance_runs: performanceRuns };
        const metrics = METRICS.map((id) => `${id} ${median.audits[id]?.displayValue ?? '?'}`).join(', ');
        console.log(`${line} (median of ${runs}; performance ${performanceRuns.join(' ')})\n  ${metrics}`);
      } else {
        results[url] = scores;
        console.log(`${line} (median of ${runs})`);
      }
      for (const audit of Object.values(median.audits)) {
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative') console.log(`  - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  } finally {
    chrome.kill();
  }
  const out = path.join(REPO_ROOT, 'bench-results', 'lighthouse.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
});
