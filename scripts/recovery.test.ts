import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { editArtwork, openDatabase, type Db } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { answersOk, describeEnd, getFreePort, hasEnded, startTsx, terminate, type LocalProcess } from '@easel/shared/process';
import { SERVERS } from './server-builds';
import { storefrontBuildIsStale } from './storefront-build';

/**
 * The whole product started as `npm start` starts it (scripts/start.ts as its own process, the
 * real search-service and storefront servers), then Meilisearch, the search-service and the
 * storefront each killed with SIGKILL in turn. Every time is read from one clock, this
 * process's performance.now().
 */

const ARTWORKS = 200;
/** How soon after the kill search must answer 200 again, through the storefront. */
const BACK_WITHIN_MS = { meilisearch: 10_000, 'search-service': 15_000, storefront: 30_000 } as const;
/** An answer while a part is down (a 5xx, or a refused connection) comes at least this fast. */
const FAST_MS = 1_000;
/** How soon after recovery every edit made during the outage must be searchable. */
const EDITS_VISIBLE_WITHIN_MS = 10_000;
/** Edits keep coming this often while a part is down, over a small set of works re-edited in turn. */
const EDIT_EVERY_MS = 250;
const WORKS_PER_OUTAGE = 15;

type Part = keyof typeof BACK_WITHIN_MS;

let dir: string;
let product: LocalProcess;
let db: Db;
const log: string[] = [];
const ports = { storefront: 0, search: 0, meili: 0, indexer: 0 };
const storefrontUrl = () => `http://127.0.0.1:${ports.storefront}`;
const searchUrl = () => `http://127.0.0.1:${ports.search}`;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-recovery-'));
  [ports.storefront, ports.search, ports.meili, ports.indexer] = await Promise.all([getFreePort(), getFreePort(), getFreePort(), getFreePort()]);
  // A shell's environment: no test runner's NODE_ENV or VITEST_*, never someone's external engine.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$|MEILI_URL$|MEILI_MASTER_KEY$)/.test(name)),
  );
  const env = {
    ...inherited,
    DATABASE_FILE: path.join(dir, 'easel.db'),
    MEILI_DATA_DIR: path.join(dir, 'meili'),
    MEDIA_CACHE_DIR: path.join(dir, 'media'),
    MEILI_PORT: String(ports.meili),
    SEARCH_PORT: String(ports.search),
    STOREFRONT_PORT: String(ports.storefront),
    INDEXER_PORT: String(ports.indexer),
    CATALOGUE_ARTWORKS: String(ARTWORKS),
    // Every request comes from this one address, many times faster than a shopper.
    RATE_LIMIT_SEARCH_PER_MINUTE: '0',
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
    RATE_LIMIT_JOIN_PER_MINUTE: '0',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '0',
  };
  const building = storefrontBuildIsStale(REPO_ROOT);
  const started = performance.now();
  product = startTsx('scripts/start.ts', [], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [product.stdout!, product.stderr!]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop()!;
      log.push(...lines.filter(Boolean));
    });
  }
  // The storefront is built first when its sources changed since the last build: minutes without
  // Next.js's cache. Under `npm test` the browser project's global set-up, which runs before any
  // test, has built it already.
  const deadline = performance.now() + (building ? 900_000 : 120_000);
  while (!(await answersOk(`${storefrontUrl()}/`))) {
    if (hasEnded(product)) throw new Error(`npm start exited (${describeEnd(await product)}):\n${log.join('\n')}`);
    if (performance.now() > deadline) throw new Error(`npm start was not up in time:\n${log.join('\n')}`);
    await sleep(250);
  }
  console.log(`npm start was up in ${seconds(performance.now() - started)} s${building ? ', a storefront build included' : ' (storefront build current)'}.`);
  db = await openDatabase(env.DATABASE_FILE);
}, 960_000);

afterAll(async () => {
  if (product) await terminate(product);
  await db?.destroy();
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
});

/**
 * The pids of npm start's child processes for `part` (Meilisearch is its child too:
 * indexer/src/meili/server.ts), read from Linux's /proc in well under a millisecond, so looking
 * never holds up the searches being timed.
 */
function childPids(part: Part): number[] {
  const matches = {
    meilisearch: (args: string) => args.includes(`--http-addr 127.0.0.1:${ports.meili}`),
    'search-service': (args: string) => args.includes(SERVERS.search.outfile),
    storefront: (args: string) => args.includes(`${SERVERS.storefront.outfile} -p ${ports.storefront}`),
  }[part];
  const read = (file: string) => fs.readFileSync(file, { encoding: 'utf8', flag: 'r' });
  const children = fs.readdirSync(`/proc/${product.pid}/task`)
    .flatMap((thread) => read(`/proc/${product.pid}/task/${thread}/children`).split(' ').filter(Boolean).map(Number));
  return children.filter((pid) => {
    try {
      return matches(read(`/proc/${pid}/cmdline`).split('\0').join(' '));
    } catch {
      return false; // gone since
    }
  });
}

function childPid(part: Part): number {
  const pids = childPids(part);
  expect(pids, `exactly one ${part} child of npm start`).toHaveLength(1);
  return pids[0]!;
}

/** Kills the engine's first restart too, as soon as it appears: npm start then tries again a second later. */
async function killRestart(killed: number, deadline: number): Promise<void> {
  while (performance.now() < deadline) {
    const restarted = childPids('meilisearch').find((pid) => pid !== killed);
    if (restarted) return void process.kill(restarted, 'SIGKILL');
    await sleep(5);
  }
}

interface Answer {
  sentAt: number;
  ms: number;
  /** The HTTP status, or the reason no answer came. */
  status: number | 'refused' | 'timed out';
  /** The contract's error code, when the body was one. */
  code?: string;
}

let probes = 0;
/**
 * Each search on a connection of its own, as a shopper arriving would open one: a kept one could
 * reach a storefront worker that is still finishing what it serves once its primary was killed.
 */
const newConnections = new Agent({ pipelining: 0 });
/** One search, never the same twice, so the search-service's hot cache cannot answer it. */
async function ask(base: string): Promise<Answer> {
  const sentAt = performance.now();
  try {
    const res = await fetch(`${base}/api/v2/product/s/?q=probe${++probes}`, { signal: AbortSignal.timeout(5_000), dispatcher: newConnections });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
    } catch {
      code = 'not JSON';
    }
    return { sentAt, ms: performance.now() - sentAt, status: res.status, ...(code ? { code } : {}) };
  } catch (error) {
    return { sentAt, ms: performance.now() - sentAt, status: (error as Error).name === 'TimeoutError' ? 'timed out' : 'refused' };
  }
}

/** Asks `base` every 100 ms until it answers 200 (or `until` says stop); every answer, and when the 200 came. */
async function askUntilBack(base: string, deadline: number, until?: () => boolean): Promise<{ answers: Answer[]; backAt: number | undefined }> {
  const answers: Answer[] = [];
  while (performance.now() < deadline) {
    const answer = await ask(base);
    answers.push(answer);
    if (!until && answer.status === 200) return { answers, backAt: answer.sentAt + answer.ms };
    if (until?.()) break;
    await sleep(100);
  }
  return { answers, backAt: undefined };
}

/** Titles written in the catalogue, by artwork id: the last write wins. */
type Edits = Map<number, string>;

/** Retitles `works` in turn, each title carrying `word`, until `done` says stop; the titles written. */
async function editUntil(word: string, works: number[], done: () => boolean): Promise<{ edits: Edits; count: number; firstAt: number }> {
  const edits: Edits = new Map();
  let count = 0;
  const firstAt = performance.now();
  do {
    const id = works[count % works.length]!;
    const title = `${word} ${count + 1}`;
    const result = await editArtwork(db, id, { title }, new Date().toISOString());
    expect(result).toEqual({ ok: true });
    edits.set(id, title);
    count++;
    await sleep(EDIT_EVERY_MS);
  } while (!done());
  return { edits, count, firstAt };
}

interface Card { id: number; title: string }
/** The works search finds for `word`, by id, with their titles. */
async function searchFor(word: string): Promise<Map<number, string>> {
  const res = await fetch(`${storefrontUrl()}/api/v2/product/s/?q=${word}&paginate=120`);
  if (res.status !== 200) return new Map([[-1, `status ${res.status}`]]);
  const { results } = (await res.json()) as { results: Card[] };
  return new Map(results.filter((card) => card.title.includes(word)).map((card) => [card.id, card.title]));
}

async function availableWorks(): Promise<number[]> {
  const rows = await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').execute();
  return rows.map((row) => row.id);
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(2);
}

/** Every answer is a fast 5xx with the contract's JSON error (never a 500), or a fast refused connection. */
function expectFastFailures(answers: Answer[], allowed: Answer['status'][]) {
  for (const answer of answers) {
    expect(allowed, `answer ${JSON.stringify(answer)}`).toContain(answer.status);
    expect(answer.ms, `answer ${JSON.stringify(answer)}`).toBeLessThan(FAST_MS);
    if (typeof answer.status === 'number') expect(['engine_unavailable', 'engine_timeout']).toContain(answer.code);
  }
}

function summarise(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(String(a.status), (counts.get(String(a.status)) ?? 0) + 1);
  const slowest = Math.max(0, ...answers.map((a) => a.ms));
  return `${[...counts].map(([status, n]) => `${n}× ${status}`).join(', ') || 'none'} (slowest ${Math.round(slowest)} ms)`;
}

describe('npm start recovers from SIGKILL', () => {
  it('starts Meilisearch, the search-service and the storefront again; search says 503 meanwhile and loses no edit', async () => {
    onTestFailed(() => console.log(`npm start's output:\n${log.join('\n')}`));
    expect((await ask(storefrontUrl())).status).toBe(200);
    expect((await ask(searchUrl())).status).toBe(200);
    const works = await availableWorks();
    expect(works.length).toBeGreaterThan(4 * WORKS_PER_OUTAGE + 1);
    const figures: string[] = [];

    // One work is found by the word the engine's outage will use, then hidden during the outage.
    const hidden = works.pop()!;
    expect(await editArtwork(db, hidden, { title: 'Quillmere before' }, new Date().toISOString())).toEqual({ ok: true });
    await expect.poll(() => searchFor('Quillmere'), { timeout: EDITS_VISIBLE_WITHIN_MS }).toEqual(new Map([[hidden, 'Quillmere before']]));

    const outages: { part: Part; killRestart?: true; word: string; during: { storefront: Answer['status'][]; search: Answer['status'][] } }[] = [
      // Both say the engine is unavailable (503) or, when it answers too slowly while starting, 504.
      { part: 'meilisearch', word: 'Brontage', during: { storefront: [503, 504], search: [503, 504] } },
      // The engine is back within a few hundred ms of a kill: here its first restart is killed
      // too, so the outage outlasts several passes of the index sync, which must fail and retry.
      { part: 'meilisearch', killRestart: true, word: 'Quillmere', during: { storefront: [503, 504], search: [503, 504] } },
      // The storefront says 503 at once; the search-service's own port refuses connections.
      { part: 'search-service', word: 'Zephrand', during: { storefront: [503], search: ['refused'] } },
      // The storefront's port refuses connections; the search-service answers 200 throughout.
      { part: 'storefront', word: 'Vorlandt', during: { storefront: ['refused'], search: [] } },
    ];
    for (const [i, { part, killRestart: killingRestart, word, during }] of outages.entries()) {
      const mine = works.slice(i * WORKS_PER_OUTAGE, (i + 1) * WORKS_PER_OUTAGE);
      const pid = childPid(part);
      const logFrom = log.length;
      const killedAt = performance.now();
      process.kill(pid, 'SIGKILL');
      const deadline = killedAt + BACK_WITHIN_MS[part];
      if (killingRestart) void killRestart(pid, deadline);

      let back = false;
      const hiding = killingRestart ? editArtwork(db, hidden, { status: 'hidden' }, new Date().toISOString()) : undefined;
      const editing = editUntil(word, mine, () => back);
      const viaStorefront = askUntilBack(storefrontUrl(), deadline).finally(() => (back = true));
      // The search-service asked directly: until it is back, or, when the storefront was killed, all along.
      const direct = askUntilBack(searchUrl(), deadline, part === 'storefront' ? () => back : undefined);
      const [storefront, search, edited] = await Promise.all([viaStorefront, direct, editing]);
      if (hiding) expect(await hiding).toEqual({ ok: true });

      expect(storefront.backAt, `${part}: search through the storefront answered 200 again within ${BACK_WITHIN_MS[part] / 1000} s`).toBeDefined();
      const outageAnswers = storefront.answers.slice(0, -1);
      // A lone engine restart can be over before the first search arrives on a busy machine.
      if (part !== 'meilisearch' || killingRestart) expect(outageAnswers.length, `${part}: at least one search met the outage`).toBeGreaterThan(0);
      expectFastFailures(outageAnswers, during.storefront);
      if (part === 'storefront') {
        expect(search.answers.every((a) => a.status === 200), `search-service answers ${summarise(search.answers)}`).toBe(true);
      } else {
        expect(search.backAt, `${part}: the search-service answered 200 again`).toBeDefined();
        expectFastFailures(search.answers.slice(0, -1), during.search);
      }

      // A new process, started by npm start, which said so in one line (the engine's once it is
      // up again, so that line may still be on its way).
      expect(childPid(part)).not.toBe(pid);
      const restartLines = () => log.slice(logFrom).filter((line) => line.includes('stopped unexpectedly'));
      const engineBack = `Meilisearch stopped unexpectedly; started again at http://127.0.0.1:${ports.meili}.`;
      if (killingRestart) {
        // Two lines when the restart killed had already come up.
        await expect.poll(() => restartLines().length).toBeGreaterThan(0);
        expect(restartLines().every((line) => line === engineBack), restartLines().join('\n')).toBe(true);
      } else {
        await expect.poll(restartLines).toEqual(
          part === 'meilisearch' ? [engineBack] : [`The ${part} stopped unexpectedly (killed by SIGKILL); starting it again in 0.25 s.`],
        );
      }
      const said = log.slice(logFrom);
      if (killingRestart) expect(said.some((line) => line.startsWith('Index sync failed; trying again shortly')), 'the index sync met the outage').toBe(true);

      // Every edit made while it was down is searchable: each work once, with its last title.
      const visibleFrom = performance.now();
      await expect.poll(() => searchFor(word), { timeout: EDITS_VISIBLE_WITHIN_MS, interval: 100 }).toEqual(edited.edits);
      const visibleAfter = performance.now() - storefront.backAt!;

      figures.push([
        `${part}${killingRestart ? ' (its first restart killed too)' : ''}: search back through the storefront ${seconds(storefront.backAt! - killedAt)} s after the kill`,
        part === 'storefront' ? `search-service 200 throughout (${search.answers.length} answers)` : `search-service directly ${seconds(search.backAt! - killedAt)} s`,
        `during the outage: via storefront ${summarise(outageAnswers)}${part === 'storefront' ? '' : `; directly ${summarise(search.answers.slice(0, -1))}`}`,
        ...(part === 'meilisearch' ? [`${said.filter((line) => line.startsWith('Index sync failed')).length} index sync passes failed`] : []),
        `${edited.count} edits to ${edited.edits.size} works${killingRestart ? ' and 1 hidden' : ''} from ${seconds(edited.firstAt - killedAt)} s, all searchable ${seconds(Math.max(0, visibleAfter))} s after recovery (checked from ${seconds(visibleFrom - killedAt)} s)`,
      ].join('; '));
    }
    console.log(`Recovery from SIGKILL, one clock (performance.now()):\n${figures.map((f) => `  ${f}`).join('\n')}`);
    console.log(log.filter((line) => /stopped|Index sync failed/.test(line)).join('\n'));
  }, 180_000);
});
