/**
 * npx tsx storefront/bench/search-records.ts --search <search service> [--url <storefront> --database <its database>]
 *   [--requests 2000] [--rate 800] [--duration 10]
 *
 * What recording searches costs (docs/PERFORMANCE.md, "Search records"), run by `npm run bench`:
 * 1. p50 overhead: the storefront's search forward twice in this process, one recording (its
 *    write-ahead file, drained into a SQLite file of its own every half second) and one not,
 *    each search of the query mix asked of both in turn, one at a time, in alternating order;
 * 2. loss: the recording forward offered `--rate` searches a second (npm run bench gives twice
 *    the raw engine's capacity) for `--duration` seconds; every search answered 200 must be
 *    stored once its file is drained;
 * 3. the staff page: with `--url` and `--database`, 90 days of 100,000 searches a day are rolled
 *    up into that database (once), and /staff/search/ over those 90 days is timed as staff.
 * Writes bench-results/search-records.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Agent, fetch as undiciFetch } from 'undici';
import { openDatabase, type Db } from '@easel/data/db';
import { REPO_ROOT } from '@easel/shared/env';
import { getFreePort } from '@easel/shared/process';
import { addSession, addUser } from '../../data/test/fixtures';
import { searchForwardRoutes } from '../lib/gallery/search-forward-api';
import { SearchRecorder } from '../lib/search-analytics/recorder';
import { seedSearchHistory } from './search-history';

const { values } = parseArgs({
  options: {
    search: { type: 'string' },
    url: { type: 'string' },
    database: { type: 'string' },
    requests: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '800' },
    duration: { type: 'string', default: '10' },
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
  p50_overhead: round(p(withRecords, 0.5) / p(without, 0.5) - 1),
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

// 3. The staff page over 90 days of 100,000 searches a day.
let page: Record<string, unknown> | null = null;
if (values.url && values.database) {
  const productDb = await openDatabase(values.database);
  const seeded = await seedSearchHistory(productDb, { days: 90, perDay: 100_000 });
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const session = await staffSession(productDb);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    const response = await undiciFetch(`${values.url}/staff/search/?from=${from}&to=${to}`, { dispatcher: agent, headers: { cookie: `sessionid=${session}` } });
    const html = await response.text();
    if (response.status !== 200 || !html.includes('search-report')) throw new Error(`/staff/search/ answered ${response.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  page = { history: seeded, range: { from, to }, requests: times.length, p50_ms: round(p(times, 0.5)), p95_ms: round(p(times, 0.95)), max_ms: round(times.at(-1)!) };
  console.log(`/staff/search/ over 90 days (${seeded.rows.toLocaleString('en-GB')} daily rows): p50 ${page.p50_ms} ms, p95 ${page.p95_ms} ms, slowest ${page.max_ms} ms`);
  await productDb.destroy();
}

fs.mkdirSync(path.join(REPO_ROOT, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(REPO_ROOT, 'bench-results', 'search-records.json'), `${JSON.stringify({ measured_at: new Date().toISOString(), overhead, loss, page }, null, 2)}\n`);
await db.destroy();
await agent.close();
fs.rmSync(scratch, { recursive: true, force: true });
process.exit(loss.lost === 0 ? 0 : 1);

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
