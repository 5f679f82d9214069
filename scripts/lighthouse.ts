import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, runCli } from '@easel/data';

/**
 * Lighthouse (mobile profile, its default) against pages of a running storefront, in Debian's
 * Chromium. Prints the four category scores per page and writes bench-results/lighthouse.json.
 *
 *   npm run lighthouse -- http://127.0.0.1:3000/shop/ http://127.0.0.1:3000/
 */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

await runCli(async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length === 0) throw new Error('Name at least one page, e.g. npm run lighthouse -- http://127.0.0.1:3000/shop/');
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: Record<string, Record<string, number>> = {};
  try {
    for (const url of positionals) {
      const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!run) throw new Error(`Lighthouse returned nothing for ${url}.`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((run.lhr.categories[c]?.score ?? 0) * 100)]));
      results[url] = scores;
      const metrics = METRICS.map((id) => `${id} ${run.lhr.audits[id]?.displayValue ?? '?'}`).join(', ');
      console.log(`${url}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}\n  ${metrics}`);
      for (const audit of Object.values(run.lhr.audits)) {
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
