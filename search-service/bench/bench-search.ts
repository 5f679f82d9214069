/**
 * `npm run bench:search [-- --artworks 100000 --duration 15 --rate 50]`: seeds (or reuses) a
 * catalogue, indexes it into an embedded Meilisearch, starts the search-service, then replays
 * k6/query-mix.json against the service and, with the same adapter, against raw Meilisearch:
 * first at a fixed 50 requests/s (and the raw requests through a pass-through proxy, the cost of
 * a second process on the path by itself), then flat out, the four taking turns in rounds in both
 * phases; then overloaded: twice raw Meilisearch's flat-out rate at the uncached service, and 50 requests/s
 * again straight after. Prints p50/p95/p99 (per endpoint too), throughput, the service/raw
 * ratios, and under overload the admitted searches' latency, the share refused and how fast;
 * writes bench-results/search.json.
 *
 * With `--service <url> --index <uid>` and MEILI_URL + MEILI_MASTER_KEY in the environment it
 * measures a running product instead (`npm run bench` does): that service, that engine and
 * index, and a cache-less service of its own beside them; `--engine-pid` names the engine's
 * process, so the flat-out phases can say how much processor time each answer cost it, and
 * `--artworks` the catalogue's size, which its goals depend on (goals.ts).
 */
import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REPO_ROOT } from '@easel/shared/env';
import { SEARCH_BUDGET_MS } from '../src/budget';
import { parseGalleryParams } from '../src/contract';
import { CARD_ATTRIBUTES, buildCountQuery, buildPriceBarPlan, buildSearchPlan, type MeiliQuery } from '../src/meili-request';
import { gatherParams } from '../src/query-string';
import { startTsx, terminate, type LocalProcess } from '@easel/shared/process';
import { BENCH_INDEX_UID, listeningUrl, prepareCatalogue, startService } from './bench-setup';
import { cpuMs, cpuText, type CpuPerAnswer } from './cpu-time';
import { searchGoals } from './goals';
import { ENDPOINT_PATHS, QUERY_MIX_FILE, queryMixSchema, sharedSequence, weightedSequence, type MixEntry } from './query-mix';
import { steadyLoad, type LoadRequest } from './steady-load';

const { values: args } = parseArgs({
  options: {
    artworks: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '15' },
    rate: { type: 'string', default: '50' },
    connections: { type: 'string', default: '16' },
    seed: { type: 'string', default: '1' },
    service: { type: 'string' },
    index: { type: 'string' },
    'engine-pid': { type: 'string' },
    // Writes a CPU profile of the cache-less service (its own process) into var/bench-search/profiles/.
    profile: { type: 'boolean', default: false },
  },
});
const ARTWORKS = Number(args.artworks);
const DURATION_S = Number(args.duration);
const RATE = Number(args.rate);
const CONNECTIONS = Number(args.connections);
const INDEX_UID = args.index ?? BENCH_INDEX_UID;
/** Distinct entries sent once to each target before measuring. */
const WARM_ENTRIES = 500;

/**
 * The raw multi-search for one mix entry, built by the same adapter: the service's queries, each
 * hit with its card's fields (a client of raw Meilisearch has no card store).
 */
function rawQueries(entry: MixEntry): MeiliQuery[] {
  const gathered = gatherParams(entry.query);
  if (!gathered.ok) throw new Error(`query mix "${entry.query}": ${gathered.issue.param} ${gathered.issue.message}`);
  const parsed = parseGalleryParams(gathered.params);
  if (!parsed.ok) throw new Error(`query mix "${entry.query}": ${parsed.issue.param} ${parsed.issue.message}`);
  const def = parsed.definition;
  if (entry.endpoint === 'count') return [buildCountQuery(def, INDEX_UID)];
  if (entry.endpoint === 'prices') return buildPriceBarPlan(def, INDEX_UID).queries;
  const plan = buildSearchPlan(def, INDEX_UID);
  return plan.queries.map((query, i) => (plan.cards.includes(i) ? { ...query, attributesToRetrieve: CARD_ATTRIBUTES } : query));
}

type Endpoint = MixEntry['endpoint'];

interface Latencies {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
}

interface PhaseResult extends Latencies {
  target: 'service' | 'service-uncached' | 'raw' | 'pass-through';
  phase: 'fixed' | 'max';
  errors: number;
  non2xx: number;
  rps: number;
  /** The fixed-rate phase's figures per endpoint. */
  endpoints?: Record<Endpoint, Latencies>;
  /**
   * Flat out: processor time (user and system) per answer served, of the engine and of the
   * process in front of it (the cache-less service or the pass-through), each measured when its
   * process is known.
   */
  cpu_ms_per_answer?: CpuPerAnswer;
}

/** One request of the replayed sequence, as autocannon and the fixed-rate sender both take it. */
type Replayed = autocannon.Request & { endpoint: Endpoint };

function latencies(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
  return { requests: sorted.length, p50: at(50), p95: at(95), p99: at(99) };
}

/** The sequence as the open-model sender takes it, with `headers` on every request. */
function loadRequests(sequence: Replayed[], headers: Record<string, string>): LoadRequest[] {
  return sequence.map((r) => ({ method: r.method === 'POST' ? 'POST' : 'GET', path: r.path ?? '/', body: r.body as string | undefined, headers }));
}

/** One target of the fixed-rate and flat-out phases; flat out, the processes whose processor time each of its answers cost. */
interface Target {
  target: PhaseResult['target'];
  url: string;
  sequence: Replayed[];
  headers: Record<string, string>;
  pids?: { engine?: number | undefined; service?: number | undefined };
}

/**
 * Rounds each target's time in a phase is cut into, the order turning by one each round, so that
 * a machine getting faster or slower during the phase weighs on every target alike:
 * [raw, service, proxy] -> raw, service, proxy; service, proxy, raw; proxy, raw, service.
 * Flat out, three rounds: each lets autocannon's connections settle. At the fixed rate a round
 * is one second (FIXED_ROUND_S): this machine's speed swings by a fifth from one ten-second
 * stretch to the next, and in rounds of ten seconds two services running the same code read up
 * to six points apart in p50 overhead; in rounds of one second, about one (docs/PERFORMANCE.md).
 */
const FLAT_OUT_ROUNDS = 3;
const FIXED_ROUND_S = 1;

/** Runs `measure` for every target in every round, in turns. */
async function inTurns(targets: Target[], rounds: number, measure: (target: Target, index: number, round: number) => Promise<void>): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < targets.length; k++) {
      const turn = (k + round) % targets.length;
      await measure(targets[turn]!, turn, round);
    }
  }
}

/**
 * An open model at `RATE` requests/s (steadyLoad), DURATION_S per target in all, in rounds taken
 * in turns; timed per endpoint. Each round of a target goes on in the sequence where its last
 * stopped, so every target is asked the same requests, each once.
 */
async function runFixedRate(targets: Target[]): Promise<PhaseResult[]> {
  const rounds = Math.ceil(DURATION_S / FIXED_ROUND_S);
  const perRound = Math.ceil((RATE * DURATION_S) / rounds);
  const totals = targets.map(() => ({ times: { search: [], count: [], prices: [] } as Record<Endpoint, number[]>, requests: 0, errors: 0, non2xx: 0, seconds: 0 }));
  await inTurns(targets, rounds, async ({ url, sequence, headers }, index, round) => {
    const asked = Array.from({ length: perRound }, (_, i) => sequence[(round * perRound + i) % sequence.length]!);
    const outcomes = await steadyLoad({ baseUrl: url, requests: loadRequests(asked, headers), rate: RATE, durationMs: (perRound / RATE) * 1000 });
    const total = totals[index]!;
    for (const o of outcomes) {
      if (o.status === 0) total.errors++;
      else if (o.status < 200 || o.status >= 300) total.non2xx++;
      else total.times[asked[o.index % asked.length]!.endpoint].push(o.endedAt - o.sentAt);
    }
    total.requests += outcomes.length;
    total.seconds += (Math.max(...outcomes.map((o) => o.endedAt)) - outcomes[0]!.sentAt) / 1000;
  });
  return targets.map(({ target }, i) => {
    const { times, requests, errors, non2xx, seconds } = totals[i]!;
    return {
      target, phase: 'fixed', ...latencies(Object.values(times).flat()), requests, errors, non2xx, rps: requests / seconds,
      endpoints: { search: latencies(times.search), count: latencies(times.count), prices: latencies(times.prices) },
    };
  });
}

interface OverloadResult {
  /** Requests offered per second: twice what raw Meilisearch answered flat out. */
  offered_rps: number;
  requests: number;
  admitted: Latencies & { share: number; p95_first_half: number; p95_second_half: number };
  refused: Latencies & { share: number };
  /** Neither answered nor refused by the service: errors, time-outs and other statuses. */
  other: number;
  /** The same load as the fixed-rate phase, straight after: how the service settles. */
  after: Latencies & { refused: number };
}

/**
 * Twice the saturating rate, as an open model, at the service with its cache off (every search
 * reaches the engine), then the ordinary rate again: what admission control does with the
 * excess (refuses it at once) and for the searches it admits (keeps them inside the budget).
 */
async function runOverload(url: string, sequence: Replayed[], saturatingRps: number): Promise<OverloadResult> {
  const requests = loadRequests(sequence, {});
  const offered = Math.round(2 * saturatingRps);
  const outcomes = await steadyLoad({ baseUrl: url, requests, rate: offered, durationMs: DURATION_S * 1000 });
  const took = (o: (typeof outcomes)[number]) => o.endedAt - o.sentAt;
  const admitted = outcomes.filter((o) => o.status >= 200 && o.status < 300);
  const refused = outcomes.filter((o) => o.status === 503);
  const half = outcomes[0]!.sentAt + (DURATION_S * 1000) / 2;
  const after = await steadyLoad({ baseUrl: url, requests, rate: RATE, durationMs: 5000 });
  return {
    offered_rps: offered,
    requests: outcomes.length,
    admitted: {
      ...latencies(admitted.map(took)), share: admitted.length / outcomes.length,
      p95_first_half: latencies(admitted.filter((o) => o.sentAt < half).map(took)).p95,
      p95_second_half: latencies(admitted.filter((o) => o.sentAt >= half).map(took)).p95,
    },
    refused: { ...latencies(refused.map(took)), share: refused.length / outcomes.length },
    other: outcomes.length - admitted.length - refused.length,
    after: { ...latencies(after.filter((o) => o.status === 200).map(took)), refused: after.filter((o) => o.status === 503).length },
  };
}

/** Each step of the capacity ladder, as a share of raw Meilisearch's flat-out rate, and how long it runs. */
const LADDER = [0.6, 0.8, 1, 1.2, 1.5];
const STEP_MS = 5000;

interface CapacityResult {
  target: PhaseResult['target'];
  /** The most searches answered 2xx within the budget per second, over the ladder's steps. */
  within_budget_rps: number;
  /** Each step: what it offered, what it answered within the budget, and the latency of its 2xx answers. */
  steps: { offered_rps: number; within_budget_rps: number; refused: number; p50: number; p95: number }[];
}

/**
 * Capacity as an open model: a ladder of fixed rates around raw Meilisearch's flat-out rate,
 * each counting the searches answered 2xx within SEARCH_BUDGET_MS before the step ends. Unlike
 * flat out, a refusal here is not followed by another request at once, and a queue that grows
 * past the budget counts for nothing, as it does for a shopper; nor does the queue a step leaves
 * behind, answered after it: a rate a little past what a target sustains would otherwise count
 * whole for one that queues, its backlog still under the budget when a short step ends.
 */
async function runCapacity(target: PhaseResult['target'], url: string, sequence: Replayed[], headers: Record<string, string>, rawMaxRps: number): Promise<CapacityResult> {
  const requests = loadRequests(sequence, headers);
  const steps: CapacityResult['steps'] = [];
  for (const share of LADDER) {
    const offered = Math.round(share * rawMaxRps);
    const outcomes = await steadyLoad({ baseUrl: url, requests, rate: offered, durationMs: STEP_MS });
    const stepEnd = outcomes[0]!.sentAt + STEP_MS;
    const answered = outcomes.filter((o) => o.status >= 200 && o.status < 300);
    const inBudget = answered.filter((o) => o.endedAt - o.sentAt <= SEARCH_BUDGET_MS && o.endedAt <= stepEnd).length;
    const { p50, p95 } = latencies(answered.map((o) => o.endedAt - o.sentAt));
    steps.push({ offered_rps: offered, within_budget_rps: inBudget / (STEP_MS / 1000), refused: outcomes.filter((o) => o.status === 503).length, p50, p95 });
  }
  return { target, within_budget_rps: Math.max(...steps.map((x) => x.within_budget_rps)), steps };
}

/**
 * Closed model, flat out: `CONNECTIONS` connections, each sending as soon as it has its answer,
 * DURATION_S per target in all, in rounds taken in turns; with the processor time each answer
 * cost the target's processes (read from /proc).
 */
async function runFlatOut(targets: Target[]): Promise<PhaseResult[]> {
  const roundS = DURATION_S / FLAT_OUT_ROUNDS;
  const totals = targets.map(() => ({ times: [] as number[], requests: 0, errors: 0, non2xx: 0, seconds: 0, cpu: { engine: 0, service: 0 } }));
  await inTurns(targets, FLAT_OUT_ROUNDS, async ({ url, sequence, headers, pids = {} }, index) => {
    const total = totals[index]!;
    const before = { engine: pids.engine && cpuMs(pids.engine), service: pids.service && cpuMs(pids.service) };
    const instance = autocannon({ url, requests: sharedSequence(sequence), headers, duration: roundS, connections: CONNECTIONS, timeout: 10 }) as unknown as Promise<autocannon.Result> & EventEmitter;
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status >= 200 && status < 300) total.times.push(responseTime);
    });
    const result = await instance;
    if (pids.engine) total.cpu.engine += cpuMs(pids.engine) - before.engine!;
    if (pids.service) total.cpu.service += cpuMs(pids.service) - before.service!;
    total.requests += result.requests.total;
    total.errors += result.errors + result.timeouts;
    total.non2xx += result.non2xx;
    total.seconds += result.duration || roundS;
  });
  return targets.map(({ target, pids = {} }, i) => {
    const total = totals[i]!;
    // Answers, not refusals: a 503 is no search served.
    const answers = total.requests - total.non2xx;
    const per = (name: 'engine' | 'service') => (pids[name] === undefined || answers === 0 ? undefined : total.cpu[name] / answers);
    return {
      target, phase: 'max', ...latencies(total.times),
      requests: total.requests, errors: total.errors, non2xx: total.non2xx, rps: answers / total.seconds,
      cpu_ms_per_answer: { engine: per('engine'), service: per('service') },
    };
  });
}

/** The pass-through proxy (pass-through.ts) in its own process in front of the engine. */
async function startPassThrough(engineUrl: string): Promise<{ url: string; child: LocalProcess }> {
  const child = startTsx(path.join(REPO_ROOT, 'search-service/bench/pass-through.ts'), [engineUrl], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return { url: await listeningUrl(child, 'the pass-through proxy'), child };
}

/** The engine to measure against: the running product's (--service), or one of our own. */
async function engineUnderTest(varDir: string): Promise<{ meili: { url: string; masterKey: string }; pid: number | undefined; stop: () => Promise<void> }> {
  if (args.service === undefined) {
    const { meili } = await prepareCatalogue(varDir, { artworks: ARTWORKS, seed: Number(args.seed) });
    return { meili, pid: meili.pid, stop: () => meili.stop() };
  }
  const { MEILI_URL: url, MEILI_MASTER_KEY: masterKey } = process.env;
  if (!url || !masterKey || args.index === undefined) throw new Error('--service needs --index and MEILI_URL + MEILI_MASTER_KEY in the environment.');
  const pid = args['engine-pid'] === undefined ? undefined : Number(args['engine-pid']);
  if (pid !== undefined && !(Number.isInteger(pid) && pid > 0)) throw new Error('--engine-pid takes the engine\'s process id, a whole number.');
  return { meili: { url, masterKey }, pid, stop: async () => undefined };
}

async function main() {
  const varDir = path.join(REPO_ROOT, 'var', 'bench-search');
  await fsp.mkdir(varDir, { recursive: true });
  const mix = queryMixSchema.parse(JSON.parse(await fsp.readFile(QUERY_MIX_FILE, 'utf8')));
  const sequence = weightedSequence(mix.queries);
  const engine = await engineUnderTest(varDir);
  const { meili } = engine;
  const own = args.service === undefined ? await startService(meili, { indexUid: INDEX_UID }) : undefined;
  const serviceUrl = args.service ?? own!.url;
  const profiles = path.join(varDir, 'profiles');
  const uncached = await startService(meili, { indexUid: INDEX_UID, cacheTtlMs: 0, nodeFlags: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : [] });
  const passThrough = await startPassThrough(meili.url);
  try {
    const servicePath = (e: MixEntry) => `${ENDPOINT_PATHS[e.endpoint]}${e.query ? `?${e.query}` : ''}`;
    const rawBody = (e: MixEntry) => JSON.stringify({ queries: rawQueries(e) });
    const serviceRequests: Replayed[] = sequence.map((e) => ({ method: 'GET', path: servicePath(e), endpoint: e.endpoint }));
    const rawRequests: Replayed[] = sequence.map((e) => ({ method: 'POST', path: '/multi-search', body: rawBody(e), endpoint: e.endpoint }));
    const rawHeaders = { authorization: `Bearer ${meili.masterKey}`, 'content-type': 'application/json' };

    // Every definition of the mix goes once to raw Meilisearch first, four at a time: the engine
    // then starts every phase with what a server in steady state has in its page cache, and the
    // target measured first does not warm it for the others. Then the JIT and the connection
    // pools of each target are warmed with the hottest entries. The cached service is warmed
    // with the same work under other cache keys (another facet limit), so its measured phases
    // start with an empty hot cache, as after a restart.
    console.log(`Replaying ${mix.queries.length} distinct queries (a cycle of ${sequence.length}), ${DURATION_S} s per phase …`);
    const unsent = [...mix.queries];
    await Promise.all(Array.from({ length: 4 }, async () => {
      for (let e = unsent.shift(); e; e = unsent.shift()) await (await fetch(`${meili.url}/multi-search`, { method: 'POST', body: rawBody(e), headers: rawHeaders })).arrayBuffer();
    }));
    const otherKey = (e: MixEntry) => `${servicePath(e)}${e.query ? '&' : '?'}limit=11`;
    const warm = mix.queries.slice(0, WARM_ENTRIES);
    for (const e of warm) await fetch(`${serviceUrl}${otherKey(e)}`);
    for (const e of warm) await fetch(`${uncached.url}${servicePath(e)}`);
    for (const e of warm) await fetch(`${passThrough.url}/multi-search`, { method: 'POST', body: rawBody(e), headers: rawHeaders });

    const measured: Target[] = [
      { target: 'raw', url: meili.url, sequence: rawRequests, headers: rawHeaders, pids: { engine: engine.pid } },
      { target: 'service-uncached', url: uncached.url, sequence: serviceRequests, headers: {}, pids: { engine: engine.pid, service: uncached.child.pid } },
      // The floor under the line above: the raw requests through a process that only passes bytes on.
      { target: 'pass-through', url: passThrough.url, sequence: rawRequests, headers: rawHeaders, pids: { engine: engine.pid, service: passThrough.child.pid } },
      { target: 'service', url: serviceUrl, sequence: serviceRequests, headers: {}, pids: { engine: engine.pid } },
    ];
    const results: PhaseResult[] = [...(await runFixedRate(measured)), ...(await runFlatOut(measured))];
    report(results);
    const find = (t: PhaseResult['target'], p: PhaseResult['phase']) => results.find((r) => r.target === t && r.phase === p)!;
    const capacity = [
      await runCapacity('raw', meili.url, rawRequests, rawHeaders, find('raw', 'max').rps),
      await runCapacity('service-uncached', uncached.url, serviceRequests, {}, find('raw', 'max').rps),
    ];
    console.log(`\nCapacity, open model (searches answered within the ${SEARCH_BUDGET_MS} ms budget, before their step ends, per second; ${STEP_MS / 1000} s a step):`);
    for (const c of capacity) console.log(`  ${c.target}: ${c.within_budget_rps.toFixed(1)} at best; ${c.steps.map((x) => `${x.offered_rps} offered -> ${x.within_budget_rps.toFixed(1)}${x.refused ? ` (${x.refused} refused)` : ''}`).join(', ')}`);
    // The engine's own flat-out rate is what saturates the uncached service: twice that.
    const overload = await runOverload(uncached.url, serviceRequests, find('raw', 'max').rps);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(
      `\nOverload: ${overload.offered_rps} requests/s offered (twice raw Meilisearch flat out) to the uncached service, ${overload.requests} in ${DURATION_S} s:\n` +
        `  admitted ${(overload.admitted.share * 100).toFixed(1)}%: p50 ${ms(overload.admitted.p50)}, p95 ${ms(overload.admitted.p95)}, p99 ${ms(overload.admitted.p99)} ` +
        `(p95 first half ${ms(overload.admitted.p95_first_half)}, second half ${ms(overload.admitted.p95_second_half)})\n` +
        `  refused ${(overload.refused.share * 100).toFixed(1)}% with 503: p50 ${ms(overload.refused.p50)}, p95 ${ms(overload.refused.p95)}, p99 ${ms(overload.refused.p99)}; other outcomes ${overload.other}\n` +
        `  then ${RATE}/s for 5 s: p95 ${ms(overload.after.p95)}, ${overload.after.refused} refused`,
    );
    const ratios = {
      p50_overhead_fixed: find('service', 'fixed').p50 / find('raw', 'fixed').p50 - 1,
      throughput_ratio_max: find('service', 'max').rps / find('raw', 'max').rps,
      // The same without the hot-answer cache: what the adapter and HTTP hop cost by themselves.
      p50_overhead_fixed_uncached: find('service-uncached', 'fixed').p50 / find('raw', 'fixed').p50 - 1,
      // A second process on the path doing nothing but passing bytes on: the floor under the line above.
      p50_overhead_fixed_pass_through: find('pass-through', 'fixed').p50 / find('raw', 'fixed').p50 - 1,
      throughput_ratio_max_uncached: find('service-uncached', 'max').rps / find('raw', 'max').rps,
      throughput_ratio_max_pass_through: find('pass-through', 'max').rps / find('raw', 'max').rps,
      capacity_ratio_uncached: capacity[1]!.within_budget_rps / capacity[0]!.within_budget_rps,
    };
    // Judged without the hot cache, as the long tail mostly arrives; the latencies are each endpoint's own.
    const fixed = find('service-uncached', 'fixed').endpoints!;
    const targets = searchGoals(ARTWORKS);
    const pass = {
      search_p95: fixed.search.p95 <= targets.search_p95_ms,
      search_p99: fixed.search.p99 <= targets.search_p99_ms,
      count_p95: fixed.count.p95 <= targets.count_p95_ms,
      prices_p95: fixed.prices.p95 <= targets.prices_p95_ms,
      overhead: ratios.p50_overhead_fixed_uncached <= targets.p50_overhead_max,
      throughput: ratios.capacity_ratio_uncached >= targets.throughput_ratio_min,
    };
    const out = {
      artworks: args.service === undefined ? ARTWORKS : undefined, duration_s: DURATION_S, fixed_rate: RATE, connections_max: CONNECTIONS,
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      results, ratios, targets, pass, capacity, overload,
    };
    const outDir = path.join(REPO_ROOT, 'bench-results');
    await fsp.mkdir(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'search.json'), `${JSON.stringify(out, null, 2)}\n`);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(`\nUncached service / raw: p50 overhead at ${RATE}/s ${pct(ratios.p50_overhead_fixed_uncached)}, capacity within the budget ${ratios.capacity_ratio_uncached.toFixed(2)}, flat out ${ratios.throughput_ratio_max_uncached.toFixed(2)}`);
    console.log(`A pass-through proxy / raw (one more process, no work): p50 overhead at ${RATE}/s ${pct(ratios.p50_overhead_fixed_pass_through)}, flat out ${ratios.throughput_ratio_max_pass_through.toFixed(2)}`);
    console.log(`With the hot cache: p50 overhead ${pct(ratios.p50_overhead_fixed)}, flat out ${ratios.throughput_ratio_max.toFixed(2)}`);
    console.log(
      `Targets, uncached: search p95 ≤ ${targets.search_p95_ms} ms ${met(pass.search_p95)}; search p99 ≤ ${targets.search_p99_ms} ms ${met(pass.search_p99)}; ` +
        `_count p95 ≤ ${targets.count_p95_ms} ms ${met(pass.count_p95)}; _prices p95 ≤ ${targets.prices_p95_ms} ms ${met(pass.prices_p95)}; ` +
        `p50 overhead of all requests ≤ ${pct(targets.p50_overhead_max)} ${met(pass.overhead)}; capacity ≥ ${pct(targets.throughput_ratio_min)} of raw ${met(pass.throughput)}`,
    );
    console.log(`Written to bench-results/search.json`);
  } finally {
    await Promise.all([own && terminate(own.child), terminate(uncached.child), terminate(passThrough.child)]);
    await engine.stop();
  }
}

function report(results: PhaseResult[]) {
  const ms = (x: number) => x.toFixed(2);
  const rows = results.flatMap((r) => [
    {
      phase: r.phase === 'fixed' ? `${RATE}/s` : 'max',
      target: r.target,
      endpoint: 'all',
      requests: r.requests,
      'errors/non-2xx': `${r.errors}/${r.non2xx}`,
      'req/s': r.rps.toFixed(1),
      'p50 ms': ms(r.p50), 'p95 ms': ms(r.p95), 'p99 ms': ms(r.p99),
      'CPU ms per answer: engine + service': cpuText(r.cpu_ms_per_answer),
    },
    ...Object.entries(r.endpoints ?? {}).map(([endpoint, l]) => ({
      phase: '', target: '', endpoint, requests: l.requests, 'errors/non-2xx': '', 'req/s': '',
      'p50 ms': ms(l.p50), 'p95 ms': ms(l.p95), 'p99 ms': ms(l.p99), 'CPU ms per answer: engine + service': '',
    })),
  ]);
  console.table(rows);
}

await main();
