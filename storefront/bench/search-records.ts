/**
 * npx tsx storefront/bench/search-records.ts --search <search service> [--url <storefront> --database <its database>]
 *   [--requests 2000] [--rate 800] [--duration 10] [--postgres-dir <folder>]
 *
 * What recording searches costs (docs/PERFORMANCE.md, "Search records"), run by `npm run bench`:
 * 1. p50 overhead: the storefront's search forward twice in this process, one recording (its
 *    write-ahead file, drained into a SQLite file of its own every half second) and one not,
 *    each search of the query mix asked of both in turn, one at a time, in alternating order;
 * 2. loss: the recording forward offered `--rate` searches a second (npm run bench gives twice
 *    the raw engine's capacity) for `--duration` seconds; every search answered 200 must be
 *    stored once its file is drained;
 * 3. the staff report: with `--url` and `--database`, 90 days of 100,000 searches a day are rolled
 *    up into that database (once), and /staff/search/ over those 90 days is timed as staff, then
 *    the API's answer (`/api/staff/search-analytics/`) in this process; with `--postgres-dir`, the
 *    same history in a PostgreSQL kept in that folder, and the API's answer from it.
 * Writes bench-results/search-records.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Agent, fetch as undiciFetch } from 'undici';
import { sql } from 'kysely';
import { openDatabase, type Db } from '@easel/data/db';
import { startEmbeddedPostgres } from '@easel/data/embedded-postgres';
import { REPO_ROOT } from '@easel/shared/env';
import { getFreePort } from '@easel/shared/process';
import { addSession, addUser } from '../../data/test/fixtures';
import { treeCpuMs } from '../../search-service/bench/cpu-time';
import { searchForwardRoutes } from '../lib/gallery/search-forward-api';
import { SearchRecorder } from '../lib/search-analytics/recorder';
import { searchAnalyticsRoutes } from '../lib/staff/search-analytics-api';
import { seedSearchHistory } from './search-history';

const { values } = parseArgs({
  options: {
    search: { type: 'string' },
    url: { type: 'string' },
    database: { type: 'string' },
    requests: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '800' },
    duration: { type: 'string', default: '10' },
    'postgres-dir': { type: 'string' },
  },
});
if (!values.search) throw new Error('--search <search service address> is required');
const searchUrl = values.search;
const requests = Number(values.requests);
const rate = Number(values.rate);
const durationS = Number(values.duration);

/** A forward that records nothing: the other side of the comparison. */
class NotRecording extends SearchRecorder {
  override recordSearch(): void {}
  override visitorOf(): null {
    return null;
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-bench-records-'));
const db = await openDatabase(path.join(scratch, 'records.db'));
const recorder = new SearchRecorder({ dir: path.join(scratch, 'records'), getDb: async () => db });
recorder.start();
const bare = new NotRecording({ dir: path.join(scratch, 'unused'), getDb: async () => db });

async function serveForward(r: SearchRecorder): Promise<string> {
  const port = await getFreePort();
  serve({ fetch: new Hono().route('/', searchForwardRoutes({ searchServiceUrl: () => searchUrl, searchRecorder: () => r })).fetch, hostname: '127.0.0.1', port });
  return `http://127.0.0.1:${port}`;
}
const [recordingUrl, bareUrl] = await Promise.all([serveForward(recorder), serveForward(bare)]);
const agent = new Agent({ connections: 256, pipelining: 1 });

const mix = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'k6', 'query-mix.json'), 'utf8')) as { queries: { endpoint: string; query: string }[] }).queries
  .filter((q) => q.endpoint === 'search')
  .map((q) => `/api/v2/product/s/${q.query ? `?${q.query}` : ''}`);

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await undiciFetch(url, { dispatcher: agent, headers: { 'user-agent': 'bench' } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;

// 1. Side by side, one search at a time.
for (const target of mix.slice(0, 50)) await Promise.all([timed(`${recordingUrl}${target}`), timed(`${bareUrl}${target}`)]);
const withRecords: number[] = [];
const without: number[] = [];
for (let i = 0; i < requests; i++) {
  const target = mix[i % mix.length]!;
  if (i % 2 === 0) {
    withRecords.push(await timed(`${recordingUrl}${target}`));
    without.push(await timed(`${bareUrl}${target}`));
  } else {
    without.push(await timed(`${bareUrl}${target}`));
    withRecords.push(await timed(`${recordingUrl}${target}`));
  }
}
withRecords.sort((a, b) => a - b);
without.sort((a, b) => a - b);
const overhead = {
  searches: requests,
  recording: { p50: round(p(withRecords, 0.5)), p95: round(p(withRecords, 0.95)) },
  not_recording: { p50: round(p(without, 0.5)), p95: round(p(without, 0.95)) },
  // A share, to a hundredth of a per cent: the goal is 2%.
  p50_overhead: Math.round((p(withRecords, 0.5) / p(without, 0.5) - 1) * 10_000) / 10_000,
};
console.log(`search p50 through the forward: ${overhead.recording.p50} ms recording, ${overhead.not_recording.p50} ms not (${(overhead.p50_overhead * 100).toFixed(1)}%)`);

// 2. Offered `rate` a second, open loop: every search answered is stored.
await recorder.drain();
const storedBefore = await countRecords(db);
const statuses = new Map<number, number>();
const inFlight: Promise<void>[] = [];
const started = performance.now();
for (let i = 0; i < rate * durationS; i++) {
  const due = started + (i * 1000) / rate;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  inFlight.push(undiciFetch(`${recordingUrl}${mix[i % mix.length]}`, { dispatcher: agent }).then(async (response) => {
    await response.arrayBuffer();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }, () => {
    statuses.set(0, (statuses.get(0) ?? 0) + 1);
  }));
}
await Promise.all(inFlight);
const elapsedS = (performance.now() - started) / 1000;
recorder.stop();
await recorder.drain();
const answered = statuses.get(200) ?? 0;
const stored = (await countRecords(db)) - storedBefore;
const loss = { offered_rps: rate, seconds: round(elapsedS), answered_rps: round(answered / elapsedS), statuses: Object.fromEntries(statuses), answered, stored, lost: answered - stored };
console.log(`offered ${rate}/s for ${durationS} s: ${answered} answered 200 (${loss.answered_rps}/s), ${stored} stored, ${loss.lost} lost`);

// 3. The staff report over 90 days of 100,000 searches a day: the page through the product (its
//    SQLite database), and the API's answer in this process on that database and on PostgreSQL.
let page: Record<string, unknown> | null = null;
const api: Record<string, unknown> = {};
const to = new Date().toISOString().slice(0, 10);
const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
if (values.url && values.database) {
  const productDb = await openDatabase(values.database);
  const seeded = await seedSearchHistory(productDb, { days: 90, perDay: 100_000 });
  const session = await staffSession(productDb);
  const times = await timeTimes(async () => {
    const response = await undiciFetch(`${values.url}/staff/search/?from=${from}&to=${to}`, { dispatcher: agent, headers: { cookie: `sessionid=${session}` } });
    const html = await response.text();
    if (response.status !== 200 || !html.includes('search-report')) throw new Error(`/staff/search/ answered ${response.status}`);
  });
  page = { history: seeded, range: { from, to }, ...times };
  console.log(`/staff/search/ over 90 days (${seeded.rows.toLocaleString('en-GB')} daily rows): p50 ${times.p50_ms} ms, p95 ${times.p95_ms} ms, slowest ${times.max_ms} ms`);
  api.sqlite = await timeApi(productDb, 'SQLite');
  await productDb.destroy();
}
if (values['postgres-dir']) {
  const server = await startEmbeddedPostgres({ dataDir: values['postgres-dir'], port: await getFreePort() });
  try {
    const pgDb = await openDatabase(server.url);
    await seedSearchHistory(pgDb, { days: 90, perDay: 100_000 });
    await sql`vacuum analyze`.execute(pgDb);
    api.postgres = await timeApi(pgDb, 'PostgreSQL');
    await pgDb.destroy();
  } finally {
    await server.stop();
  }
}

fs.mkdirSync(path.join(REPO_ROOT, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(REPO_ROOT, 'bench-results', 'search-records.json'), `${JSON.stringify({ measured_at: new Date().toISOString(), overhead, loss, page, api }, null, 2)}\n`);
await db.destroy();
await agent.close();
fs.rmSync(scratch, { recursive: true, force: true });
// A lost record is judged in npm run bench's table with the other goals, not by failing the run.
process.exit(0);

/** Thirty answers one after another, timed: p50, p95 and the slowest, in ms. */
async function timeTimes(answer: () => Promise<void>): Promise<{ requests: number; p50_ms: number; p95_ms: number; max_ms: number }> {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    await answer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, p50_ms: round(p(times, 0.5)), p95_ms: round(p(times, 0.95)), max_ms: round(times.at(-1)!) };
}

/**
 * `GET /api/staff/search-analytics/` over the 90 days, as staff, answered in this process from
 * `on`: its latency, and the processor time each answer cost this process and its children (the
 * embedded PostgreSQL and its backends), which a machine shared with other work does not inflate.
 */
async function timeApi(on: Db, database: string) {
  const app = new Hono().route('/', searchAnalyticsRoutes({ getDb: async () => on }));
  const session = await staffSession(on);
  const cpuBefore = treeCpuMs(process.pid);
  const times = await timeTimes(async () => {
    const response = await app.request(`/api/staff/search-analytics/?from=${from}&to=${to}`, { headers: { cookie: `sessionid=${session}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/api/staff/search-analytics/ answered ${response.status}`);
  });
  const cpu_ms_per_answer = round((treeCpuMs(process.pid) - cpuBefore) / times.requests);
  console.log(`/api/staff/search-analytics/ over 90 days on ${database}, in this process: p50 ${times.p50_ms} ms, p95 ${times.p95_ms} ms, slowest ${times.max_ms} ms; ${cpu_ms_per_answer} ms of processor time an answer`);
  return { ...times, cpu_ms_per_answer };
}

async function countRecords(on: Db): Promise<number> {
  return Number((await on.selectFrom('search_records').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

async function staffSession(on: Db): Promise<string> {
  const token = `bench-staff-${Date.now()}`;
  const id = await addUser(on, undefined, `${token}@example.com`);
  await on.updateTable('users').set({ role: 'staff' }).where('id', '=', id).execute();
  await addSession(on, token, id);
  return token;
}
