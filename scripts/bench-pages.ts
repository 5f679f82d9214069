import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { runCli } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { ENDPOINT_PATHS, QUERY_MIX_FILE, queryMixSchema } from '../search-service/bench/query-mix';
import { wholeNumber } from './args';

/**
 * Server time to first byte of the storefront's pages on a running storefront, one request at
 * a time (a page's own time, not a queue's), `--requests` per page kind:
 * - gallery: the search entries of k6/query-mix.json, each opened as /shop/?<query>, weighted;
 * - searches: every entry of the mix as the gallery in the browser asks it, on the storefront's
 *   origin (its searches, counts and price bars, gzip accepted), weighted;
 * - home: `/` for a new visitor, and for a returning one with recently viewed works;
 * - product: the product pages of works the gallery lists, spread over its pages;
 * - artist: the pages of those works' artists.
 * Prints p50/p95/p99 per kind and writes bench-results/pages.json, with the answers a second
 * each kind was served at, one at a time.
 *
 *   npm run bench:pages -- --url http://127.0.0.1:3000 --requests 400 --pages gallery,searches,home,product,artist
 */

const PAGE_KINDS = ['gallery', 'searches', 'home', 'product', 'artist'] as const;
type PageKind = (typeof PAGE_KINDS)[number];

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      requests: { type: 'string', default: '400' },
      pages: { type: 'string', default: PAGE_KINDS.join(',') },
    },
  });
  const base = values.url.replace(/\/+$/, '');
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(base)) throw new Error('--url must be a loopback address such as http://127.0.0.1:3000.');
  const total = wholeNumber('--requests', values.requests, 1, 10_000);
  const kinds = values.pages.split(',');
  const unknown = kinds.find((k) => !(PAGE_KINDS as readonly string[]).includes(k));
  if (unknown) throw new Error(`--pages takes a list of ${PAGE_KINDS.join(', ')}; ${unknown} is none of them.`);

  const ttfb = async (p: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const response = await request(`${base}${p}`, { headers: { accept: 'text/html', ...headers } });
    const ms = performance.now() - started;
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`${p} answered ${response.statusCode}.`);
    return { ms, response };
  };

  const mix = () => queryMixSchema.parse(JSON.parse(fs.readFileSync(QUERY_MIX_FILE, 'utf8'))).queries;
  /** The requests each kind makes: a path, and the cookie and headers it is sent with. */
  const plans: Record<PageKind, () => Promise<{ path: string; cookie?: string; headers?: Record<string, string> }[]>> = {
    async gallery() {
      // Weighted like real traffic: each query appears as often as its weight says.
      return mix().filter((q) => q.endpoint === 'search').flatMap((q) => Array(q.weight).fill({ path: `/shop/${q.query ? `?${q.query}` : ''}` }));
    },
    async searches() {
      const headers = { accept: 'application/json', 'accept-encoding': 'gzip' };
      return mix().flatMap((q) => Array(q.weight).fill({ path: `${ENDPOINT_PATHS[q.endpoint]}${q.query ? `?${q.query}` : ''}`, headers }));
    },
    async home() {
      // A returning visitor: a session whose recently viewed list holds a few works.
      const slugs = (await listedWorks(2)).slice(0, 4).map((w) => w.slug);
      let cookie: string | undefined;
      for (const slug of slugs) {
        const response = await request(`${base}/api/recently-viewed/`, {
          method: 'POST', body: JSON.stringify({ slug }), headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        });
        cookie ??= String(response.headers['set-cookie']).split(';')[0];
        await response.body.dump();
      }
      return [{ path: '/' }, { path: '/', cookie }];
    },
    async product() {
      return (await listedWorks(20)).map((w) => ({ path: `/product/${w.slug}/` }));
    },
    async artist() {
      return [...new Set((await listedWorks(20)).map((w) => w.artist_slug))].map((slug) => ({ path: `/artist/${slug}/` }));
    },
  };

  /** The works of `pages` gallery pages spread over the whole catalogue. */
  async function listedWorks(pages: number): Promise<{ slug: string; artist_slug: string }[]> {
    const first = (await (await request(`${base}/api/v2/product/s/?paginate=60`)).body.json()) as { num_pages: number };
    const works: { slug: string; artist_slug: string }[] = [];
    for (let i = 0; i < pages; i++) {
      const page = 1 + Math.floor((i * (Math.min(first.num_pages, 1000) - 1)) / Math.max(1, pages - 1));
      const body = (await (await request(`${base}/api/v2/product/s/?paginate=60&page=${page}`)).body.json()) as { results: { slug: string; artist_slug: string }[] };
      works.push(...body.results);
    }
    return works;
  }

  const results: Record<string, unknown> = {};
  for (const kind of kinds as PageKind[]) {
    const plan = await plans[kind]();
    const send = (r: { path: string; cookie?: string; headers?: Record<string, string> }) => ttfb(r.path, { ...r.headers, ...(r.cookie ? { cookie: r.cookie } : {}) });
    // Warm up: the first requests compile and fill caches.
    for (const r of plan.slice(0, 10)) await send(r);
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < total; i++) times.push((await send(plan[(i * 7919) % plan.length]!)).ms);
    // One at a time, the load a page kind offered itself: answers (bodies read) a second.
    const rps = Math.round((total / ((performance.now() - started) / 1000)) * 10) / 10;
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
    const result = { requests: total, rps, distinctPages: new Set(plan.map((r) => `${r.path} ${r.cookie ?? ''}`)).size, ttfbMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) } };
    console.log(`${kind}: time to first byte over ${total} requests (${result.distinctPages} distinct pages or visitors): p50 ${result.ttfbMs.p50} ms, p95 ${result.ttfbMs.p95} ms, p99 ${result.ttfbMs.p99} ms, max ${result.ttfbMs.max} ms`);
    results[kind] = result;
  }
  const out = path.join(REPO_ROOT, 'bench-results', 'pages.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ url: base, ...results }, null, 2)}\n`);
});
