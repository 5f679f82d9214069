import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { wholeNumber } from './args';
import { CATEGORIES, describeScores, launchChromium, scorePage } from './lighthouse-runs';

/**
 * Lighthouse (mobile profile) against pages of a running storefront, in Debian's Chromium, the
 * median of `--runs` runs (lighthouse-runs.ts). `--only` measures some categories (one run is
 * enough for accessibility and SEO, which do not move with load); `--cookie` is sent with every
 * request, to measure pages a signed-in shopper sees. Writes bench-results/lighthouse.json.
 *
 *   npm run lighthouse -- http://127.0.0.1:3000/shop/ http://127.0.0.1:3000/ --runs 5
 *   npm run lighthouse -- http://127.0.0.1:3000/account/orders/ --only accessibility,seo --runs 1 --cookie sessionid=…
 */
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
  const chrome = await launchChromium();
  const results: Record<string, Record<string, number | number[]>> = {};
  try {
    for (const url of positionals) {
      const page = await scorePage(chrome.port, url, { runs, categories, extraHeaders });
      results[url] = page.performanceRuns.length > 0 ? { ...page.scores, performance_runs: page.performanceRuns } : page.scores;
      for (const line of describeScores(url, page, runs)) console.log(line);
    }
  } finally {
    chrome.kill();
  }
  const out = path.join(REPO_ROOT, 'bench-results', 'lighthouse.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
});
