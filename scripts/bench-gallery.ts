import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { REPO_ROOT, runCli } from '@easel/data';
import { QUERY_MIX_FILE, queryMixSchema } from '../search-service/bench/query-mix';

/**
 * Server time to first byte of gallery pages: the search entries of k6/query-mix.json, each
 * opened as /shop/?<query> on a running storefront, `--requests` times in all, one at a time
 * (a page's own time, not a queue's). Prints p50/p95/p99 and writes bench-results/gallery.json.
 *
 *   npm run bench:gallery -- --url http://127.0.0.1:3000 --requests 400
 */
await runCli(async () => {
  const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://127.0.0.1:3000' }, requests: { type: 'string', default: '400' } } });
  const base = values.url.replace(/\/+$/, '');
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base)) throw new Error('--url must be a loopback address such as http://127.0.0.1:3000.');
  const total = Number(values.requests);
  if (!Number.isInteger(total) || total < 1 || total > 10_000) throw new Error('--requests must be a whole number from 1 to 10000.');

  const mix = queryMixSchema.parse(JSON.parse(fs.readFileSync(QUERY_MIX_FILE, 'utf8')));
  // Weighted like real traffic: each query appears as often as its weight says.
  const paths = mix.queries.filter((q) => q.endpoint === 'search').flatMap((q) => Array<string>(q.weight).fill(`/shop/${q.query ? `?${q.query}` : ''}`));
  const ttfb = async (p: string) => {
    const started = performance.now();
    const response = await request(`${base}${p}`, { headers: { accept: 'text/html' } });
    const ms = performance.now() - started;
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`${p} answered ${response.statusCode}.`);
    return ms;
  };

  // Warm up: the first requests compile and fill caches.
  for (const p of paths.slice(0, 10)) await ttfb(p);
  const times: number[] = [];
  for (let i = 0; i < total; i++) times.push(await ttfb(paths[(i * 7919) % paths.length]!));
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  const result = { url: base, requests: total, distinctPages: new Set(paths).size, ttfbMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) } };
  console.log(`/shop/ time to first byte over ${total} requests (${result.distinctPages} distinct pages): p50 ${result.ttfbMs.p50} ms, p95 ${result.ttfbMs.p95} ms, p99 ${result.ttfbMs.p99} ms, max ${result.ttfbMs.max} ms`);
  const out = path.join(REPO_ROOT, 'bench-results', 'gallery.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
});
