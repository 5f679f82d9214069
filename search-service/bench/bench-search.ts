/**
 * `npm run bench:search [-- --artworks 100000 --duration 15 --rate 50]`: seeds (or reuses) a
 * catalogue, indexes it into an embedded Meilisearch, starts the search-service, then replays
 * k6/query-mix.json against the service and, with the same adapter, against raw Meilisearch:
 * first at a fixed 50 requests/s, then flat out. Prints p50/p95/p99, throughput and the
 * service/raw ratios; writes bench-results/search.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REPO_ROOT, countArtworks, openDatabase, seedCatalogue } from '@easel/data';
import { checkIndexStaleness, getFreePort, meiliClient, rebuildIndex, startEmbeddedMeili } from '@easel/indexer';
import { parseGalleryParams } from '../src/contract';
import { buildCountQuery, buildPriceBarPlan, buildSearchPlan, type MeiliQuery } from '../src/meili-request';
import { gatherParams } from '../src/query-string';
import { ENDPOINT_PATHS, QUERY_MIX_FILE, queryMixSchema, type MixEntry } from './query-mix';

const { values: args } = parseArgs({
  options: {
    artworks: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '15' },
    rate: { type: 'string', default: '50' },
    connections: { type: 'string', default: '16' },
    seed: { type: 'string', default: '1' },
  },
});
const ARTWORKS = Number(args.artworks);
const DURATION_S = Number(args.duration);
const RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
const INDEX_UID = 'bench_artworks';

/** The raw multi-search the service would send for one mix entry, built by the same adapter. */
function rawQueries(entry: MixEntry): MeiliQuery[] {
  const gathered = gatherParams(entry.query);
  if (!gathered.ok) throw new Error(`query mix "${entry.query}": ${gathered.issue.param} ${gathered.issue.message}`);
  const parsed = parseGalleryParams(gathered.params);
  if (!parsed.ok) throw new Error(`query mix "${entry.query}": ${parsed.issue.param} ${parsed.issue.message}`);
  const def = parsed.definition;
  if (entry.endpoint === 'count') return [buildCountQuery(def, INDEX_UID)];
  if (entry.endpoint === 'prices') return buildPriceBarPlan(def, INDEX_UID).queries;
  return buildSearchPlan(def, INDEX_UID).queries;
}

/**
 * Weighted entries spread evenly (deterministic): each appears `weight` times per cycle, at
 * intervals of 1/weight from an offset of its own (golden-ratio steps), so the hundreds of
 * once-a-cycle entries are scattered through the cycle rather than bunched at its middle.
 */
function weightedSequence(entries: MixEntry[]): MixEntry[] {
  const slots = entries.flatMap((e, n) => {
    const offset = ((n + 1) * 0.6180339887) % 1;
    return Array.from({ length: e.weight }, (_, i) => ({ e, n, at: (i + offset) / e.weight }));
  });
  return slots.sort((a, b) => a.at - b.at || a.n - b.n).map((s) => s.e);
}

/**
 * autocannon gives every connection its own walk through `requests`, all from the first: the
 * connections would ask the same question at the same moment, and a cache would answer all but
 * one. One request whose setup takes the next entry of a cursor shared by every connection
 * makes them replay the sequence once, together, as independent shoppers would.
 */
function sharedSequence(sequence: autocannon.Request[]): autocannon.Request[] {
  let next = 0;
  return [{ setupRequest: (request) => ({ ...request, ...sequence[next++ % sequence.length] }) }];
}

async function prepareCatalogue(dir: string) {
  const dbFile = path.join(dir, `catalogue-${ARTWORKS}.db`);
  const db = await openDatabase(dbFile);
  if ((await countArtworks(db)) === 0) {
    console.log(`Seeding ${ARTWORKS} artworks into ${dbFile} …`);
    await seedCatalogue(db, { seed: Number(args.seed), artworks: ARTWORKS });
  }
  const meili = await startEmbeddedMeili({ dataDir: path.join(dir, `meili-${ARTWORKS}`), port: await getFreePort() });
  const admin = meiliClient(meili);
  // The same test as npm start's: a changed document shape or settings means a rebuild too.
  const staleness = await checkIndexStaleness(db, admin, INDEX_UID);
  if (staleness.stale) {
    console.log(`Indexing (${staleness.reason}) …`);
    const result = await rebuildIndex({ db, meili: admin, indexUid: INDEX_UID });
    console.log(`Indexed ${result.documents} documents in ${(result.durationMs / 1000).toFixed(1)} s`);
  }
  await db.destroy();
  return meili;
}

/** The service as shoppers get it: its own process, started by its real entry point. */
async function startService(meili: { url: string; masterKey: string }, cacheTtlMs?: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await getFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'search-service/src/server.ts')], {
    env: { ...process.env, SEARCH_PORT: String(port), SEARCH_HOST: '127.0.0.1', MEILI_URL: meili.url, MEILI_MASTER_KEY: meili.masterKey, SEARCH_INDEX: INDEX_UID, RATE_LIMIT_SEARCH_PER_MINUTE: '0', ...(cacheTtlMs === undefined ? {} : { SEARCH_CACHE_TTL_MS: String(cacheTtlMs) }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`search-service exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

interface PhaseResult {
  target: 'service' | 'service-uncached' | 'raw';
  phase: 'fixed' | 'max';
  requests: number;
  errors: number;
  non2xx: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runPhase(
  target: PhaseResult['target'],
  phase: PhaseResult['phase'],
  url: string,
  requests: autocannon.Request[],
  headers: Record<string, string>,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    requests: sharedSequence(requests),
    headers,
    duration: DURATION_S,
    connections: phase === 'fixed' ? 8 : CONNECTIONS,
    ...(phase === 'fixed' ? { overallRate: RATE } : {}),
    timeout: 10,
  }) as unknown as Promise<autocannon.Result> & EventEmitter;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    target, phase,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rps: result.requests.total / (result.duration || DURATION_S),
    p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99),
  };
}

async function main() {
  const varDir = path.join(REPO_ROOT, 'var', 'bench-search');
  await fsp.mkdir(varDir, { recursive: true });
  const mix = queryMixSchema.parse(JSON.parse(await fsp.readFile(QUERY_MIX_FILE, 'utf8')));
  const sequence = weightedSequence(mix.queries);
  const meili = await prepareCatalogue(varDir);
  const service = await startService(meili);
  const uncached = await startService(meili, 0);
  try {
    const servicePath = (e: MixEntry) => `${ENDPOINT_PATHS[e.endpoint]}${e.query ? `?${e.query}` : ''}`;
    const rawBody = (e: MixEntry) => JSON.stringify({ queries: rawQueries(e) });
    const serviceRequests: autocannon.Request[] = sequence.map((e) => ({ method: 'GET', path: servicePath(e) }));
    const rawRequests: autocannon.Request[] = sequence.map((e) => ({ method: 'POST', path: '/multi-search', body: rawBody(e) }));
    const rawHeaders = { authorization: `Bearer ${meili.masterKey}`, 'content-type': 'application/json' };

    // Warm the engine's page cache, the JIT and the connection pools with each distinct entry
    // once. The cached service is warmed with the same work under other cache keys (another
    // facet limit), so its measured phases start with an empty hot cache, as after a restart.
    console.log(`Replaying ${mix.queries.length} distinct queries (a cycle of ${sequence.length}), ${DURATION_S} s per phase …`);
    const otherKey = (e: MixEntry) => `${servicePath(e)}${e.query ? '&' : '?'}limit=11`;
    for (const e of mix.queries) await fetch(`${meili.url}/multi-search`, { method: 'POST', body: rawBody(e), headers: rawHeaders });
    for (const e of mix.queries) await fetch(`${service.url}${otherKey(e)}`);
    for (const e of mix.queries) await fetch(`${uncached.url}${servicePath(e)}`);

    const results: PhaseResult[] = [];
    for (const phase of ['fixed', 'max'] as const) {
      results.push(await runPhase('raw', phase, meili.url, rawRequests, rawHeaders));
      results.push(await runPhase('service-uncached', phase, uncached.url, serviceRequests, {}));
      results.push(await runPhase('service', phase, service.url, serviceRequests, {}));
    }
    report(results);
    const find = (t: PhaseResult['target'], p: PhaseResult['phase']) => results.find((r) => r.target === t && r.phase === p)!;
    const ratios = {
      p50_overhead_fixed: find('service', 'fixed').p50 / find('raw', 'fixed').p50 - 1,
      throughput_ratio_max: find('service', 'max').rps / find('raw', 'max').rps,
      // The same without the hot-answer cache: what the adapter and HTTP hop cost by themselves.
      p50_overhead_fixed_uncached: find('service-uncached', 'fixed').p50 / find('raw', 'fixed').p50 - 1,
      throughput_ratio_max_uncached: find('service-uncached', 'max').rps / find('raw', 'max').rps,
    };
    const out = {
      artworks: ARTWORKS, duration_s: DURATION_S, fixed_rate: RATE, connections_max: CONNECTIONS,
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      results, ratios,
      targets: { service_p95_ms_at_rate: 30, p50_overhead_max: 0.1, throughput_ratio_min: 0.9 },
      pass: {
        p95: find('service', 'fixed').p95 <= 30,
        overhead: ratios.p50_overhead_fixed <= 0.1,
        throughput: ratios.throughput_ratio_max >= 0.9,
      },
    };
    const outDir = path.join(REPO_ROOT, 'bench-results');
    await fsp.mkdir(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'search.json'), `${JSON.stringify(out, null, 2)}\n`);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(`\np50 overhead at ${RATE}/s: ${pct(ratios.p50_overhead_fixed)} (uncached ${pct(ratios.p50_overhead_fixed_uncached)})   max throughput service/raw: ${ratios.throughput_ratio_max.toFixed(2)} (uncached ${ratios.throughput_ratio_max_uncached.toFixed(2)})`);
    console.log(`Targets: p95 ≤ 30 ms ${out.pass.p95 ? 'met' : 'MISSED'}; p50 overhead ≤ 10% ${out.pass.overhead ? 'met' : 'MISSED'}; throughput ≥ 90% ${out.pass.throughput ? 'met' : 'MISSED'}`);
    console.log(`Written to bench-results/search.json`);
  } finally {
    service.child.kill('SIGTERM');
    uncached.child.kill('SIGTERM');
    await meili.stop();
  }
}

function report(results: PhaseResult[]) {
  const rows = results.map((r) => ({
    phase: r.phase === 'fixed' ? `${RATE}/s` : 'max',
    target: r.target,
    requests: r.requests,
    'errors/non-2xx': `${r.errors}/${r.non2xx}`,
    'req/s': r.rps.toFixed(1),
    'p50 ms': r.p50.toFixed(2),
    'p95 ms': r.p95.toFixed(2),
    'p99 ms': r.p99.toFixed(2),
  }));
  console.table(rows);
}

await main();
