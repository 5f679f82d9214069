import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { countArtworks, openDatabase, runCli, seedCatalogue } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { DEFAULT_INDEX_UID, describeSteps, meiliClient, rebuildIndex, startEmbeddedMeili } from '@easel/indexer';
import { describeEnd, getFreePort, startTsx, terminate, type LocalProcess } from '@easel/shared/process';
import { cpuText, processTree } from '../search-service/bench/cpu-time';
import { searchGoals } from '../search-service/bench/goals';
import { wholeNumber } from './args';
import type { BenchRun, PageLoadResult, PagesResult, Row, RunOptions, SearchRecordsResult, SearchResult, SizeResult } from './bench-figures';
import { writeBenchReport } from './bench-report';
import { SERVERS } from './server-builds';

/**
 * npm run bench [-- --artworks 10000,100000,1000000 --duration 30 --rate 50 --requests 300 --edits 500 --listings 100 --fresh]
 *
 * The whole performance budget in one run, for each catalogue size in `--artworks` (one or
 * several, comma-separated), each kept in var/bench/<artworks>/ (seeded on first use, or again
 * with --fresh):
 * 1. starts the product as `npm start` does, on its own Meilisearch and free ports;
 * 2. times a full, zero-downtime re-index while it serves, with where the engine spent it, and
 *    reads the index's size on disk;
 * 3. replays k6/query-mix.json against the search service, uncached and cached, and raw
 *    Meilisearch (bench:search);
 * 4. times the server's first byte of /, /shop/, product and artist pages, and of the gallery's
 *    searches through the storefront (bench:pages);
 * 5. measures recording searches (storefront/bench/search-records.ts): the search p50 with and
 *    without it, no record lost at twice raw Meilisearch's capacity, the staff search page and its
 *    API over 90 seeded days of 100,000 searches, on SQLite and on PostgreSQL (kept in
 *    var/bench/<artworks>/postgres/);
 * 6. times edits until searchable, and new listings from publishing until searchable (bench:edits;
 *    it changes prices and adds works, hence its own catalogue);
 * 7. reads each process's peak memory.
 * Prints one table against the targets per size, then how the costs grow across the sizes, and
 * writes every figure to var/bench/latest.json (the run before kept as previous.json, each size's
 * figures as <artworks>/figures.json) and draws them in var/bench/report.html (bench-report.ts).
 */

const MIB = 2 ** 20;
/** Pages a second at 8 connections over the search service's on the same searches, at least. */
const PAGE_LOAD_RATIOS = { gallery: 0.5, product: 0.8, home: 1.0 } as const;
const GALLERY_LOAD_P95_MS = 100;
const GALLERY_RENDER_CPU_MS = 8;

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      artworks: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '30' },
      rate: { type: 'string', default: '50' },
      requests: { type: 'string', default: '300' },
      edits: { type: 'string', default: '500' },
      listings: { type: 'string', default: '100' },
      fresh: { type: 'boolean', default: false },
    },
  });
  const sizes = values.artworks.split(',').map((n) => wholeNumber('--artworks', n.trim(), 100, 1_000_000));
  const options: RunOptions = {
    durationS: wholeNumber('--duration', values.duration, 5, 600),
    rate: wholeNumber('--rate', values.rate, 1, 1000),
    requests: wholeNumber('--requests', values.requests, 10, 10_000),
    edits: wholeNumber('--edits', values.edits, 10, 10_000),
    listings: wholeNumber('--listings', values.listings, 10, 5_000),
    fresh: values.fresh,
  };
  const runs: SizeResult[] = [];
  for (const artworks of sizes) runs.push(await benchCatalogue(artworks, options));
  console.log('\nHow the costs grow:');
  console.table(runs.map(costRow));
  const run: BenchRun = {
    measured_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model, memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, os: `${os.type()} ${os.release()}` },
    options, runs,
  };
  const benchDir = path.join(REPO_ROOT, 'var', 'bench');
  const out = path.join(benchDir, 'latest.json');
  // The run before this one, kept for the report to show beside it.
  if (fs.existsSync(out)) fs.renameSync(out, path.join(benchDir, 'previous.json'));
  fs.writeFileSync(out, `${JSON.stringify(run, null, 2)}\n`);
  // Each size's newest figures, for the report's growth across sizes when a run measures one.
  for (const r of runs) fs.writeFileSync(path.join(benchDir, String(r.artworks), 'figures.json'), `${JSON.stringify({ measured_at: run.measured_at, ...r }, null, 2)}\n`);
  const report = writeBenchReport(benchDir);
  console.log(`Written to ${path.relative(REPO_ROOT, out)}; the report to ${path.relative(REPO_ROOT, report)}.`);
});

/** One catalogue size, measured whole: see the top of this file. */
async function benchCatalogue(artworks: number, { durationS, rate, requests, edits, listings, fresh }: RunOptions): Promise<SizeResult> {
  const dir = path.join(REPO_ROOT, 'var', 'bench', String(artworks));
  if (fresh) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseFile = path.join(dir, 'easel.db');
  const db = await openDatabase(databaseFile);
  let seedS: number | null = null;
  if ((await countArtworks(db)) === 0) {
    const started = performance.now();
    await seedCatalogue(db, { seed: 1, artworks }, (n) => progress(`Seeding ${path.relative(REPO_ROOT, databaseFile)}`, n, artworks));
    seedS = (performance.now() - started) / 1000;
    process.stdout.write(` in ${seedS.toFixed(1)} s\n`);
  }

  const meili = await startEmbeddedMeili({ dataDir: path.join(dir, 'meili'), port: await getFreePort() });
  const storefrontPort = await getFreePort();
  const searchPort = await getFreePort();
  const indexerPort = await getFreePort();
  const storefront = `http://127.0.0.1:${storefrontPort}`;
  const search = `http://127.0.0.1:${searchPort}`;
  const productEnv = {
    ...process.env,
    DATABASE_FILE: databaseFile, MEILI_URL: meili.url, MEILI_MASTER_KEY: meili.masterKey,
    STOREFRONT_PORT: String(storefrontPort), SEARCH_PORT: String(searchPort), INDEXER_PORT: String(indexerPort),
    // One address sends all of the load: the per-address limits would measure themselves.
    RATE_LIMIT_SEARCH_PER_MINUTE: '0', RATE_LIMIT_LOGIN_PER_MINUTE: '0', RATE_LIMIT_JOIN_PER_MINUTE: '0', RATE_LIMIT_CHECKOUT_PER_MINUTE: '0', RATE_LIMIT_LISTING_PER_MINUTE: '0', RATE_LIMIT_MEDIA_PER_MINUTE: '0',
  };
  let product: LocalProcess | undefined;
  try {
    console.log(`\n${artworks.toLocaleString('en-GB')} artworks: starting the product (a first run indexes the catalogue and may build the storefront) …`);
    product = startTsx('scripts/start.ts', [], { cwd: REPO_ROOT, env: productEnv, stdio: ['ignore', 'pipe', 'inherit'] });
    await running(product);

    const admin = meiliClient(meili, 600_000);
    const rebuild = await rebuildIndex({
      db, meili: admin, indexUid: DEFAULT_INDEX_UID,
      onProgress: ({ phase, sent, total }) => progress(`Re-indexing while the product serves (${phase})`, sent, total),
    });
    process.stdout.write(` in ${(rebuild.durationMs / 1000).toFixed(1)} s; the engine's largest steps: ${describeSteps(rebuild.engineSteps)}\n`);
    const stats = await admin.getStats();
    const disk_mib = {
      // The database file and its write-ahead log, which holds what is not yet checkpointed.
      sqlite: round([databaseFile, `${databaseFile}-wal`].reduce((n, f) => n + (fs.existsSync(f) ? fs.statSync(f).size : 0), 0) / MIB),
      index_used: round(stats.usedDatabaseSize / MIB),
      engine_database: round(stats.databaseSize / MIB),
    };
    const env = { ...process.env, MEILI_URL: meili.url, MEILI_MASTER_KEY: meili.masterKey };
    await runPart('search-service/bench/bench-search.ts', ['--service', search, '--index', DEFAULT_INDEX_UID, '--artworks', String(artworks), ...(meili.pid === undefined ? [] : ['--engine-pid', String(meili.pid)]), '--duration', String(durationS), '--rate', String(rate)], env);
    const storefrontPid = processTree([product.pid!]).find((pid) => processName(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.startsWith('storefront'));
    await runPart('scripts/bench-pages.ts', ['--url', storefront, '--requests', String(requests), '--search', search, ...(storefrontPid === undefined ? [] : ['--storefront-pid', String(storefrontPid)])], env);
    // Recording searches, side by side with not recording, then offered twice what raw Meilisearch can take.
    const rawCapacity = (readResult('search.json') as SearchResult).capacity.find((c) => c.target === 'raw')!.within_budget_rps;
    await runPart('storefront/bench/search-records.ts', ['--search', search, '--url', storefront, '--database', databaseFile, '--postgres-dir', path.join(dir, 'postgres'), '--rate', String(Math.round(2 * rawCapacity))], env);
    await runPart('scripts/bench-edits.ts', ['--url', storefront, '--search', search, '--edits', String(edits)], env);
    await runPart('scripts/bench-edits.ts', ['--url', storefront, '--search', search, '--listings', String(listings), '--rate', '1'], env);

    const memory = {
      ...peakMemory([meili.pid!, product.pid!]),
      // This process seeded the catalogue (when it was new) and ran the timed re-index.
      'bench (seed and timed re-index)': Math.round(process.resourceUsage().maxRSS / 1024),
    };
    const searchResult = readResult('search.json') as SearchResult;
    const { url: _url, ...pages } = readResult('pages.json') as { url: string } & PagesResult;
    const pageLoad = readResult('page-load.json') as PageLoadResult;
    const editsResult = (readResult('edits.json') as { summary: { p50_ms: number; p95_ms: number; p99_ms: number } }).summary;
    const listingsResult = (readResult('listings.json') as { summary: { p50_ms: number; p95_ms: number; p99_ms: number } }).summary;
    const records = readResult('search-records.json') as SearchRecordsResult;
    const table = tableRows({ artworks, reindexS: rebuild.durationMs / 1000, search: searchResult, pages, pageLoad, edits: editsResult, listings: listingsResult, records, memory, disk: disk_mib });
    console.log(`\nThe budget at ${artworks.toLocaleString('en-GB')} artworks (${rebuild.documents.toLocaleString('en-GB')} for sale), ${os.cpus().length} cores:`);
    console.table(table);
    return {
      artworks, documents: rebuild.documents, seed_s: seedS === null ? null : round(seedS), reindex_s: round(rebuild.durationMs / 1000),
      reindex_engine_steps_s: rebuild.engineSteps, disk_mib, search: searchResult, pages, page_load: pageLoad, edits: editsResult, listings: listingsResult, search_records: records, peak_memory_mib: memory, table,
    };
  } finally {
    if (product) await terminate(product);
    await meili.stop();
    await db.destroy();
  }
}

/** One line that rewrites itself: "Seeding …: 120,000 / 1,000,000". */
function progress(label: string, done: number, total: number): void {
  process.stdout.write(`\r${label}: ${done.toLocaleString('en-GB')} / ${total.toLocaleString('en-GB')}\x1b[K`);
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Resolves once the product (scripts/start.ts) says it is running and its search service has
 * filled its card store (or given up filling it), showing its progress meanwhile. The timed
 * re-index then measures a product serving, not one starting: the fill reads every card from
 * the engine, about 8 s of the engine's time at 100,000 works.
 */
function running(child: LocalProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    void child.then((end) => reject(new Error(`The product stopped during start-up (${describeEnd(end)}); see its output above.`)));
    let started = false;
    let filled = false;
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (/Building|Indexed|Seeding|product cards/.test(line)) console.log(line);
      started ||= line.includes('is running at');
      filled ||= line.includes('product cards');
      if (started && filled) resolve();
    });
  });
}

/** Runs one of the project's benchmarks to completion, its output shown as it goes. */
async function runPart(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  console.log(`\n— ${script} ${args.join(' ')}`);
  const end = await startTsx(script, args, { cwd: REPO_ROOT, env });
  if (end.exitCode !== 0) throw new Error(`${script} failed (${describeEnd(end)}); see its output above.`);
}

function readResult(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'bench-results', file), 'utf8'));
}

/**
 * Peak resident memory (VmHWM) of the given processes and all their descendants, in MiB, named
 * by what they run: { meilisearch: 900, 'scripts/start.ts': 160, … }.
 */
function peakMemory(roots: number[]): Record<string, number> {
  const pids = processTree(roots);
  const peaks: Record<string, number> = {};
  for (const pid of pids) {
    try {
      const kib = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      const name = processName(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      if (name && kib > 0) peaks[name in peaks ? `${name}, pid ${pid}` : name] = Math.round(kib / 1024);
    } catch {
      // Gone since the listing.
    }
  }
  return peaks;
}

/** What a process of the product is, from its command line; undefined for helpers such as tsx's compiler. */
function processName(cmdline: string): string | undefined {
  if (cmdline.includes('/meilisearch')) return 'Meilisearch';
  if (cmdline.includes('scripts/start.ts')) return 'indexer and supervisor (scripts/start.ts)';
  if (cmdline.includes(SERVERS.search.outfile)) return 'search service';
  if (cmdline.includes(SERVERS.storefront.outfile)) return 'storefront (storefront/server.ts)';
  return undefined;
}

/** The re-index goal: 150 s at a million works, in proportion below, and never below 20 s. */
function reindexTargetS(artworks: number): number {
  return Math.max(20, (150 * artworks) / 1_000_000);
}

function findPhase(search: SearchResult, target: string, phase: string) {
  return search.results.find((x) => x.target === target && x.phase === phase)!;
}

/** The pages under load against the search service's rate on the same searches, and a gallery page's processor time. */
function pageLoadRows(load: PageLoadResult): Row[] {
  const service = load.search_service;
  if (!service) return [];
  const rows = (Object.keys(PAGE_LOAD_RATIOS) as (keyof typeof PAGE_LOAD_RATIOS)[]).flatMap((kind): Row[] => {
    const figures = load[kind];
    if (!figures) return [];
    const ratio = figures.rps / service.rps;
    return [{
      measure: `${kind === 'gallery' ? '/shop/ pages' : kind === 'home' ? 'the homepage' : 'product pages'} a second at ${load.connections} connections / the search service's on the same searches (p50 / p95)`,
      value: `${figures.rps.toFixed(0)} / ${service.rps.toFixed(0)} (${ratio.toFixed(2)}×; ${figures.p50.toFixed(1)} / ${figures.p95.toFixed(1)} ms)`,
      target: `≥ ${PAGE_LOAD_RATIOS[kind]}×${kind === 'gallery' ? `, p95 ≤ ${GALLERY_LOAD_P95_MS} ms` : ''}`,
      met: ratio >= PAGE_LOAD_RATIOS[kind] && (kind !== 'gallery' || figures.p95 <= GALLERY_LOAD_P95_MS) ? 'yes' : 'NO',
    }];
  });
  const rendered = load.gallery_rendered;
  const cpu = rendered?.storefront_cpu_ms_per_answer;
  return cpu === undefined ? rows : [...rows, {
    measure: "a /shop/ page's storefront processor time, rendered (not from the page cache; answers a second, p95)",
    value: `${cpu.toFixed(1)} ms (${rendered!.rps.toFixed(0)}/s, ${rendered!.p95.toFixed(1)} ms)`, target: `≤ ${GALLERY_RENDER_CPU_MS} ms`, met: cpu <= GALLERY_RENDER_CPU_MS ? 'yes' : 'NO',
  }];
}

function tableRows(r: {
  artworks: number;
  reindexS: number;
  search: SearchResult;
  pages: PagesResult;
  pageLoad: PageLoadResult;
  edits: SizeResult['edits'];
  listings: SizeResult['listings'];
  records: SizeResult['search_records'];
  memory: SizeResult['peak_memory_mib'];
  disk: SizeResult['disk_mib'];
}): Row[] {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const judged = (measure: string, value: number, limit: number, unit: (x: number) => string, atMost = true): Row => ({
    measure, value: unit(value), target: `${atMost ? '≤' : '≥'} ${unit(limit)}`, met: (atMost ? value <= limit : value >= limit) ? 'yes' : 'NO',
  });
  const uncached = findPhase(r.search, 'service-uncached', 'fixed');
  const cached = findPhase(r.search, 'service', 'fixed');
  const raw = findPhase(r.search, 'raw', 'fixed');
  const capacity = (target: string) => r.search.capacity.find((c) => c.target === target)!.within_budget_rps;
  const flatUncached = findPhase(r.search, 'service-uncached', 'max');
  const flatRaw = findPhase(r.search, 'raw', 'max');
  const flatPassThrough = findPhase(r.search, 'pass-through', 'max');
  const goals = searchGoals(r.artworks);
  return [
    judged('full re-index', r.reindexS, reindexTargetS(r.artworks), (x) => `${x.toFixed(1)} s`),
    { measure: 'index on disk (Meilisearch, used) / SQLite file', value: `${r.disk.index_used} / ${r.disk.sqlite} MiB`, target: '', met: '' },
    judged('search p95 at the fixed rate, uncached', uncached.endpoints!.search!.p95, goals.search_p95_ms, ms),
    judged('search p99 at the fixed rate, uncached', uncached.endpoints!.search!.p99, goals.search_p99_ms, ms),
    { measure: 'search p95 at the fixed rate, raw Meilisearch', value: ms(raw.endpoints!.search!.p95), target: '', met: '' },
    { measure: 'p50 of all requests at the fixed rate, uncached: service / raw Meilisearch', value: `${ms(uncached.p50)} / ${ms(raw.p50)}`, target: `overhead ≤ ${goals.p50_overhead_max * 100}%`, met: uncached.p50 <= raw.p50 * (1 + goals.p50_overhead_max) ? 'yes' : 'NO' },
    { measure: 'p50 of all requests at the fixed rate through a pass-through proxy (one more process, no work)', value: ms(findPhase(r.search, 'pass-through', 'fixed').p50), target: '', met: '' },
    judged('_count p95 at the fixed rate, uncached', uncached.endpoints!.count!.p95, goals.count_p95_ms, ms),
    judged('_prices p95 at the fixed rate, uncached', uncached.endpoints!.prices!.p95, goals.prices_p95_ms, ms),
    judged('search p95 at the fixed rate, with the hot cache', cached.endpoints!.search!.p95, goals.search_p95_ms, ms),
    {
      measure: 'flat out, uncached: service / raw Meilisearch, and processor time per answer (engine + service / engine)',
      value: `${flatUncached.rps.toFixed(0)} / ${flatRaw.rps.toFixed(0)} req/s (${(flatUncached.rps / flatRaw.rps).toFixed(2)}); ${cpuText(flatUncached.cpu_ms_per_answer)} / ${cpuText(flatRaw.cpu_ms_per_answer)} ms`,
      target: `≥ ${goals.throughput_ratio_min}`,
      met: flatUncached.rps >= goals.throughput_ratio_min * flatRaw.rps ? 'yes' : 'NO',
    },
    {
      measure: 'flat out through a pass-through proxy (one more process, no work) / raw Meilisearch, and its processor time per answer (engine + proxy)',
      value: `${flatPassThrough.rps.toFixed(0)} / ${flatRaw.rps.toFixed(0)} req/s (${(flatPassThrough.rps / flatRaw.rps).toFixed(2)}); ${cpuText(flatPassThrough.cpu_ms_per_answer)} ms`,
      target: '',
      met: '',
    },
    {
      measure: 'search capacity within the budget, uncached: service / raw Meilisearch',
      value: `${capacity('service-uncached').toFixed(0)} / ${capacity('raw').toFixed(0)} req/s`,
      target: `≥ ${goals.throughput_ratio_min * 100}% of raw`,
      met: capacity('service-uncached') >= goals.throughput_ratio_min * capacity('raw') ? 'yes' : 'NO',
    },
    ...Object.entries(r.pages).map(([kind, p]): Row => kind === 'searches'
      ? { measure: "the gallery's searches as the browser asks them, through the storefront: time to first byte p50 / p95", value: `${ms(p.ttfbMs.p50)} / ${ms(p.ttfbMs.p95)}`, target: '', met: '' }
      : judged(`${kind === 'gallery' ? '/shop/' : kind} time to first byte p95`, p.ttfbMs.p95, kind === 'gallery' ? 60 : 150, ms)),
    ...pageLoadRows(r.pageLoad),
    judged('edit to searchable p95', r.edits.p95_ms, 2000, (x) => `${Math.round(x)} ms`),
    judged('publish to searchable p95 (a new listing)', r.listings.p95_ms, 2000, (x) => `${Math.round(x)} ms`),
    {
      measure: 'search p50 through the storefront forward: recording / not recording',
      value: `${ms(r.records.overhead.recording.p50)} / ${ms(r.records.overhead.not_recording.p50)} (${(r.records.overhead.p50_overhead * 100).toFixed(1)}%)`,
      target: 'overhead ≤ 2%',
      met: r.records.overhead.p50_overhead <= 0.02 ? 'yes' : 'NO',
    },
    {
      // The rate in the value, not the measure: the report matches a run's rows to the previous run's by their measure.
      measure: "searches answered and stored, offered twice raw Meilisearch's capacity",
      value: `${r.records.loss.answered} / ${r.records.loss.stored} (${r.records.loss.offered_rps} a second)`,
      target: 'none lost',
      met: r.records.loss.lost === 0 ? 'yes' : 'NO',
    },
    ...(r.records.page ? [judged('/staff/search/ over 90 days of 100,000 searches a day, p95', r.records.page.p95_ms, 300, ms)] : []),
    ...Object.entries(r.records.api ?? {}).map(([database, t]): Row => ({
      ...judged(`its API's answer in-process on ${database === 'postgres' ? 'PostgreSQL' : 'SQLite'}, p95 (processor time an answer, the database's included)`, t.p95_ms, 300, ms),
      value: `${ms(t.p95_ms)}${t.cpu_ms_per_answer === undefined ? '' : ` (${ms(t.cpu_ms_per_answer)})`}`,
    })),
    ...Object.entries(r.memory).map(([name, mib]): Row => ({ measure: `peak memory: ${name}`, value: `${mib} MiB`, target: '', met: '' })),
  ];
}

/** One size's line of the cost table. */
function costRow(r: SizeResult): Record<string, string | number> {
  const p95 = (target: string, endpoint: 'search' | 'count' | 'prices') => findPhase(r.search, target, 'fixed').endpoints![endpoint]!.p95.toFixed(1);
  const memory = (name: string) => Object.entries(r.peak_memory_mib).find(([k]) => k.startsWith(name))?.[1] ?? '';
  return {
    artworks: r.artworks,
    're-index s': r.reindex_s,
    'index MiB': r.disk_mib.index_used,
    'SQLite MiB': r.disk_mib.sqlite,
    'Meilisearch MiB': memory('Meilisearch'),
    'indexer MiB': memory('indexer'),
    'search service MiB': memory('search service'),
    'storefront MiB': memory('storefront'),
    'search p95 ms (uncached / raw)': `${p95('service-uncached', 'search')} / ${p95('raw', 'search')}`,
    '_count p95 ms': `${p95('service-uncached', 'count')} / ${p95('raw', 'count')}`,
    '_prices p95 ms': `${p95('service-uncached', 'prices')} / ${p95('raw', 'prices')}`,
    'edit to searchable p95 ms': Math.round(r.edits.p95_ms),
    'publish to searchable p95 ms': Math.round(r.listings.p95_ms),
  };
}
