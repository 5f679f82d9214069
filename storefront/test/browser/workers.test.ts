import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuMs, processTree } from '../../../search-service/bench/cpu-time';
import { getFreePort, terminate } from '@easel/shared/process';
import { waitForHttp, type Service } from '../../../scripts/processes';
import { startStorefront } from '../../../scripts/product';
import { product } from './worker-product';

/**
 * The storefront as two worker processes on one port (STOREFRONT_WORKERS, lib/workers.ts), as
 * `npm start` runs it on a machine of two processors: both serve pages, a rate limit counts a
 * client's requests whichever worker each reaches, a worker that dies is replaced, and a stop
 * stops them all.
 */
const JOINS_A_MINUTE = 3;

let dataDir: string;
let base: string;
let storefront: Service;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-workers-'));
  const port = await getFreePort();
  const { MEILI_URL: _url, MEILI_MASTER_KEY: _key, ...inherited } = process.env;
  storefront = startStorefront('workers-storefront', { host: '127.0.0.1', port }, {
    ...inherited, DATABASE_FILE: product.databaseFile, SEARCH_SERVICE_URL: product.searchUrl,
    MEDIA_CACHE_DIR: path.join(dataDir, 'media'), SEARCH_RECORDS_DIR: path.join(dataDir, 'search-records'),
    STOREFRONT_WORKERS: '2', RATE_LIMIT_JOIN_PER_MINUTE: String(JOINS_A_MINUTE),
  });
  base = `http://127.0.0.1:${port}`;
  await waitForHttp(storefront, `${base}/api/healthz/`, 60_000);
});

afterAll(async () => {
  if (storefront) await terminate(storefront.child);
  await fsp.rm(dataDir, { recursive: true, force: true });
});

/** The primary's workers (its child processes). */
const workers = () => processTree([storefront.child.pid!]).slice(1);

/** Each request on a connection of its own, which the primary hands to its next worker. */
const newConnections = new Agent({ pipelining: 0 });

async function ask(method: 'GET' | 'POST', target: string, body?: string): Promise<{ status: number; body: string }> {
  const headers = body === undefined ? {} : { origin: base, 'content-type': 'application/json' };
  const response = await request(`${base}${target}`, { method, headers, body, dispatcher: newConnections, headersTimeout: 20_000 });
  return { status: response.statusCode, body: await response.body.text() };
}

describe('storefront workers', () => {
  it('serves pages from both workers', async () => {
    const pids = workers();
    expect(pids).toHaveLength(2);
    const before = pids.map(cpuMs);
    for (let i = 0; i < 12; i++) expect((await ask('GET', `/shop/?page=${(i % 3) + 1}`)).status).toBe(200);
    // Six gallery pages each: tens of milliseconds of rendering, against an idle process's few.
    pids.forEach((pid, i) => expect(cpuMs(pid) - before[i]!, `worker ${pid}`).toBeGreaterThanOrEqual(30));
  });

  it("counts a client's requests against its limit whichever worker answers them", async () => {
    const join = () => ask('POST', '/api/account/join/', '{}');
    const answers = [];
    for (let i = 0; i <= JOINS_A_MINUTE; i++) answers.push(await join());
    expect(answers.slice(0, JOINS_A_MINUTE).map((a) => a.status)).toEqual(Array(JOINS_A_MINUTE).fill(400));
    expect(answers[JOINS_A_MINUTE]!.status).toBe(429);
    expect(JSON.parse(answers[JOINS_A_MINUTE]!.body).error.message).toMatch(/^Too many requests from this address; please try again in \d+ s\.$/);
  });

  it('replaces a worker that dies', async () => {
    const [killed, survivor] = workers();
    process.kill(killed!, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    let now = workers();
    while ((now.length < 2 || now.includes(killed!)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = workers();
    }
    expect(now).toHaveLength(2);
    expect(now).toContain(survivor);
    expect(now).not.toContain(killed);
    // Both serve: the survivor at once, the new worker once it has started.
    await waitForHttp(storefront, `${base}/api/healthz/`, 30_000);
    const before = now.map(cpuMs);
    for (let i = 0; i < 12; i++) expect((await ask('GET', `/shop/?page=${(i % 3) + 4}`)).status).toBe(200);
    now.forEach((pid, i) => expect(cpuMs(pid) - before[i]!, `worker ${pid}`).toBeGreaterThanOrEqual(30));
  });

  it('ends with an error, not a round of restarts, when its workers cannot start', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const blocked = startStorefront('workers-blocked', { host: '127.0.0.1', port }, {
        ...process.env, DATABASE_FILE: product.databaseFile, SEARCH_SERVICE_URL: product.searchUrl,
        MEDIA_CACHE_DIR: path.join(dataDir, 'media-blocked'), SEARCH_RECORDS_DIR: path.join(dataDir, 'search-records-blocked'), STOREFRONT_WORKERS: '2',
      });
      let output = '';
      for (const stream of [blocked.child.stdout, blocked.child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const end = await blocked.child;
      expect(end.exitCode).toBe(1);
      expect(output).toMatch(/ended before it served/);
      expect(output).not.toMatch(/starting another/);
    } finally {
      taken.close();
    }
  });

  it('stops every worker when the storefront is stopped', async () => {
    const pids = workers();
    await terminate(storefront.child);
    expect(storefront.child.exitCode).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(pids.filter(alive)).toEqual([]);
  });
});
