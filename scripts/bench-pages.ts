import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { runCli } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { treeCpuMs } from '../search-service/bench/cpu-time';
import { ENDPOINT_PATHS, QUERY_MIX_FILE, queryMixSchema } from '../search-service/bench/query-mix';
import { wholeNumber } from './args';
import type { LoadFigures, PageLoadKind } from './bench-figures';

/** The encodings Chromium accepts, sent with every request: each server answers in the best it makes. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Server time to first byte of the storefront's pages on a running storefront, one request at
 * a time (a page's own time, not a queue's), `--requests` per page kind:
 * - gallery: the search entries of k6/query-mix.json, each opened as /shop/?<query>, weighted;
 * - searches: every entry of the mix as the gallery in the browser asks it, on the storefront's
 *   origin (its searches, counts and price bars), weighted;
 * - home: `/` for a new visitor, and for a returning one with recently viewed works;
 * - product: the product pages of works the gallery lists, spread over its pages;
 * - artist: the pages of those works' artists.
 * Prints p50/p95/p99 per kind and writes bench-results/pages.json, with the answers a second
 * each kind was served at, one at a time.
 *
 * With `--search` (the search service's address), the pages are then measured under load, side
 * by side with the search service: 8 connections, closed loop, `--load-seconds` each, the same
 * long tail of gallery searches asked of the service and opened as /shop/ pages (by visitors,
 * whom the page cache serves, then each page rendered afresh), `/shop/` alone as a spike of
 * visitors opens it, then product pages and the homepage; with `--storefront-pid`, the storefront's processor time an answer
 * (bench-results/page-load.json).
 *
 *   npm run bench:pages -- --url http://127.0.0.1:3000 --requests 400 --pages gallery,searches,home,product,artist --search http://127.0.0.1:4000
 */

const PAGE_KINDS = ['gallery', 'searches', 'home', 'product', 'artist'] as const;
/** Connections the search service and the pages are each loaded with. */
const LOAD_CONNECTIONS = 8;
type PageKind = (typeof PAGE_KINDS)[number];

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3000' },
      requests: { type: 'string', default: '400' },
      pages: { type: 'string', default: PAGE_KINDS.join(',') },
      search: { type: 'string' },
      'storefront-pid': { type: 'string' },
      'load-seconds': { type: 'string', default: '10' },
    },
  });
  const loopback = (name: string, url: string) => {
    const trimmed = url.replace(/\/+$/, '');
    if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(trimmed)) throw new Error(`${name} must be a loopback address such as http://127.0.0.1:3000.`);
    return trimmed;
  };
  const base = loopback('--url', values.url);
  const searchService = values.search === undefined ? undefined : loopback('--search', values.search);
  const storefrontPid = values['storefront-pid'] === undefined ? undefined : wholeNumber('--storefront-pid', values['storefront-pid'], 1, 2 ** 22);
  const loadSeconds = wholeNumber('--load-seconds', values['load-seconds'], 1, 600);
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
      const headers = { accept: 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING };
      return mix().flatMap((q) => Array(q.weight).fill({ path: `${ENDPOINT_PATHS[q.endpoint]}${q.query ? `?${q.query}` : ''}`, headers }));
    },
    async home() {
      // A returning visitor: a session whose recently viewed list holds a few works.
      const slugs = (await listedWorks(2)).slice(0, 4).map((w) => w.slug);
      let cookie: string | undefined;
      for (const slug of slugs) {
        const response = await request(`${base}/api/recently-viewed/`, {
          method: 'POST', body: JSON.stringify({ slug }), headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
        });
        await response.body.dump();
        if (response.statusCode !== 200) throw new Error(`Recording a view for the returning visitor answered ${response.statusCode}.`);
        cookie ??= String(response.headers['set-cookie']).split(';')[0];
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

  if (searchService === undefined) return;
  // Under load: LOAD_CONNECTIONS at once, closed loop, the same long tail of gallery searches
  // asked of the search service and opened as /shop/ pages (served, then rendered), one address,
  // then product pages and the homepage.
  // Every request takes the next entry of the weighted mix, so no two phases share an answer
  // the service's hot cache could keep.
  const galleryQueries = (await plans.gallery()).map((r) => r.path.slice('/shop/'.length));
  let next = 0;
  const nextQuery = () => galleryQueries[(next++ * 7919) % galleryQueries.length]!;
  const products = await plans.product();
  const homes = await plans.home();
  const targets: Record<PageLoadKind, { origin: string; path: () => string; cookie?: () => string | undefined }> = {
    search_service: { origin: searchService, path: () => `/api/v2/product/s/${nextQuery()}` },
    gallery: { origin: base, path: () => `/shop/${nextQuery()}` },
    // A visitor with a session of no account (made up here), whose pages the page cache never serves: each is rendered.
    gallery_rendered: { origin: base, path: () => `/shop/${nextQuery()}`, cookie: () => `sessionid=${randomUUID()}` },
    // The whole gallery, the mix's most asked search, as a spike of visitors from a newsletter opens it.
    gallery_one_address: { origin: base, path: () => '/shop/' },
    product: { origin: base, path: () => products[next++ % products.length]!.path },
    home: { origin: base, path: () => '/', cookie: () => homes[next++ % homes.length]!.cookie },
  };
  const load: Partial<Record<PageLoadKind, LoadFigures>> = {};
  for (const [kind, target] of Object.entries(targets) as [PageLoadKind, (typeof targets)[PageLoadKind]][]) {
    const figures = await closedLoop(target, loadSeconds, storefrontPid);
    load[kind] = figures;
    console.log(`${kind} under load (${LOAD_CONNECTIONS} connections, ${loadSeconds} s): ${figures.rps} answers/s, p50 ${figures.p50} ms, p95 ${figures.p95} ms${figures.storefront_cpu_ms_per_answer === undefined ? '' : `, storefront processor time ${figures.storefront_cpu_ms_per_answer} ms an answer`}`);
  }
  const loadOut = path.join(REPO_ROOT, 'bench-results', 'page-load.json');
  fs.writeFileSync(loadOut, `${JSON.stringify({ connections: LOAD_CONNECTIONS, seconds: loadSeconds, ...load }, null, 2)}\n`);
});

/**
 * `LOAD_CONNECTIONS` clients each sending the target's next request as soon as the last is read
 * whole, for `seconds`: answers a second, latency to the whole answer, and the storefront's
 * processor time per answer from /proc when its process id is known. Any answer but 200 fails.
 */
async function closedLoop(target: { origin: string; path: () => string; cookie?: () => string | undefined }, seconds: number, storefrontPid: number | undefined): Promise<LoadFigures> {
  const times: number[] = [];
  const cpuBefore = storefrontPid === undefined ? 0 : treeCpuMs(storefrontPid);
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: LOAD_CONNECTIONS }, async () => {
    while (performance.now() < end) {
      const p = target.path();
      const cookie = target.cookie?.();
      const t = performance.now();
      const response = await request(`${target.origin}${p}`, { headers: { accept: 'text/html', 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...(cookie ? { cookie } : {}) } });
      await response.body.dump();
      if (response.statusCode !== 200) throw new Error(`${p} answered ${response.statusCode} under load.`);
      times.push(performance.now() - t);
    }
  }));
  const elapsedS = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return {
    answers: times.length,
    rps: Math.round((times.length / elapsedS) * 10) / 10,
    p50: at(0.5),
    p95: at(0.95),
    ...(storefrontPid === undefined ? {} : { storefront_cpu_ms_per_answer: Math.round(((treeCpuMs(storefrontPid) - cpuBefore) / times.length) * 100) / 100 }),
  };
}
