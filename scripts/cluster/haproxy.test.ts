import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answersOk, getFreePort, startTsx, type LocalProcess } from '@easel/shared/process';
import { startHaproxy, type RunningHaproxy } from './haproxy';

/** A replica process (fixtures/replica.ts) that can be killed, stopped with SIGTERM and started again on its port. */
interface Replica {
  name: string;
  address: string;
  child: LocalProcess;
  start(): Promise<void>;
}

/** What a replica says about the request it was handed. */
interface Echo {
  name: string;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyLength: number;
  bodySha: string;
}

let dir: string;
const replicas: Replica[] = [];
const proxies: RunningHaproxy[] = [];

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-haproxy-'));
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.stop()));
  for (const replica of replicas.splice(0)) {
    replica.child.kill('SIGKILL');
    await replica.child;
  }
});
afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

async function replica(name: string, drainMs = 0): Promise<Replica> {
  const port = await getFreePort();
  const self: Replica = {
    name,
    address: `127.0.0.1:${port}`,
    child: undefined as unknown as LocalProcess,
    start: async () => {
      self.child = startTsx(path.join(import.meta.dirname, 'fixtures/replica.ts'), [], {
        env: { ...process.env, REPLICA_NAME: name, PORT: String(port), DRAIN_MS: String(drainMs) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await expect.poll(() => answersOk(`http://${self.address}/health`), { timeout: 30_000 }).toBe(true);
    },
  };
  await self.start();
  replicas.push(self);
  return self;
}

async function kill(replica: Replica): Promise<void> {
  replica.child.kill('SIGKILL');
  await replica.child;
}

async function proxyFor(servers: Replica[], log?: (line: string) => void) {
  const port = await getFreePort();
  const proxy = await startHaproxy({
    dir: path.join(dir, String(port)),
    services: [{ name: 'front', listen: { host: '127.0.0.1', port }, servers: servers.map((s) => ({ name: s.name, address: s.address })), healthPath: '/health', answerTimeoutMs: 5_000, checkTimeoutMs: 1_000 }],
    log,
  });
  proxies.push(proxy);
  await expect.poll(async () => (await proxy.servers()).map((s) => s.status), { timeout: 10_000 }).toEqual(servers.map(() => 'UP'));
  return { proxy, url: `http://127.0.0.1:${port}` };
}

const status = async (proxy: RunningHaproxy, replica: Replica) => (await proxy.servers()).find((s) => s.server === replica.name)?.status;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function get(url: string): Promise<Echo> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as Echo;
}

/** Shoppers sending `request` through the proxy, `count` at a time, until stopped; every outcome kept. */
function steadyLoad(count: number, request: (i: number) => Promise<Response>) {
  const outcomes: { status: number | string; name?: string }[] = [];
  let running = true;
  const shopper = async (i: number) => {
    while (running) {
      try {
        const res = await request(i);
        const body = (await res.json()) as Partial<Echo>;
        outcomes.push({ status: res.status, name: body.name });
      } catch (error) {
        outcomes.push({ status: String(error) });
      }
    }
  };
  const shoppers = Array.from({ length: count }, (_, i) => shopper(i));
  return {
    outcomes,
    more: (n: number) => {
      const target = outcomes.length + n;
      return expect.poll(() => outcomes.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(target);
    },
    stop: async () => {
      running = false;
      await Promise.all(shoppers);
    },
  };
}

describe('HAProxy in front of replicas', () => {
  it('takes the replicas in turn, passing the path, query and headers through, and adds where the request came from', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const { url } = await proxyFor([a, b]);
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await get(`${url}/art/blue?page=${i}`)).name);
    expect(names.slice(0, 2).sort()).toEqual(['a', 'b']);
    expect(names.slice(2)).toEqual(names.slice(0, 2));

    const res = await fetch(`${url}/api/v2/product/s/search?q=sea&sort=new`, { headers: { 'x-forwarded-for': '203.0.113.7', 'x-custom': 'kept' } });
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ method: 'GET', url: '/api/v2/product/s/search?q=sea&sort=new' });
    expect(echo.headers).toMatchObject({
      host: new URL(url).host,
      'x-forwarded-host': new URL(url).host,
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '203.0.113.7, 127.0.0.1',
      'x-custom': 'kept',
    });
  });

  it('streams request bodies through, with or without a length, and keeps each Set-Cookie header', async () => {
    const a = await replica('a');
    const { url } = await proxyFor([a]);
    const body = new Uint8Array(1024 * 1024).map((_, i) => i % 251);
    const sized = await fetch(`${url}/api/orders`, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
    expect(await sized.json()).toMatchObject({ method: 'POST', bodyLength: body.length, bodySha: sha(body), headers: { 'content-type': 'application/octet-stream' } });

    const chunks = [body.subarray(0, 300_000), body.subarray(300_000)];
    const stream = new ReadableStream({ pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()) : controller.close()) });
    const chunked = await fetch(`${url}/api/orders`, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit);
    expect(await chunked.json()).toMatchObject({ method: 'PUT', bodyLength: body.length, bodySha: sha(body) });

    const cookies = await fetch(`${url}/cookies`);
    expect(cookies.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
  });

  it('routes around a killed replica under a steady stream of GETs and POSTs, and takes it back when it returns', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const lines: string[] = [];
    const { proxy, url } = await proxyFor([a, b], (line) => lines.push(line));
    const load = steadyLoad(4, (i) => (i % 2 ? fetch(`${url}/art`) : fetch(`${url}/api/cart`, { method: 'POST', body: '{}' })));
    try {
      await load.more(40);
      await kill(b);
      await expect.poll(() => status(proxy, b), { timeout: 10_000 }).toMatch(/^DOWN/);
      // A request in flight at the kill may fail; none sent after it does, GET or POST: a refused
      // connection is sent to the other replica.
      const atKill = load.outcomes.length + 4;
      await load.more(80);
      expect(load.outcomes.slice(atKill).filter((o) => o.status !== 200)).toEqual([]);
      expect(load.outcomes.slice(-20).every((o) => o.name === 'a')).toBe(true);

      await b.start();
      await expect.poll(() => status(proxy, b), { timeout: 10_000 }).toBe('UP');
      await load.more(40);
      expect(new Set(load.outcomes.slice(-20).map((o) => o.name))).toEqual(new Set(['a', 'b']));
    } finally {
      await load.stop();
    }
    expect(lines).toEqual(['front/b left the rotation (DOWN).', 'front/b rejoined the rotation.']);
  });

  it('stops a replica with SIGTERM under a steady load without a failed request: it drains, then finishes what is under way', async () => {
    // Draining for two seconds: HAProxy's checks take a failing replica out within about one.
    const [a, b] = [await replica('a', 2_000), await replica('b', 2_000)];
    const { proxy, url } = await proxyFor([a, b]);
    const load = steadyLoad(6, (i) => (i % 2 ? fetch(`${url}/slow/art`) : fetch(`${url}/slow/api/cart`, { method: 'POST', body: '{}' })));
    try {
      await load.more(30);
      const atStop = load.outcomes.length;
      b.child.kill('SIGTERM');
      await expect.poll(() => status(proxy, b), { timeout: 10_000 }).toMatch(/^DOWN|^NOLB/);
      const end = await b.child;
      expect(end.exitCode).toBe(0);
      await load.more(30);
      expect(load.outcomes.filter((o) => o.status !== 200)).toEqual([]);
      // b went on answering while it drained, then a answered everything.
      expect(load.outcomes.slice(atStop).some((o) => o.name === 'b')).toBe(true);
      expect(load.outcomes.slice(-10).every((o) => o.name === 'a')).toBe(true);
    } finally {
      await load.stop();
    }
    expect(load.outcomes.filter((o) => o.status !== 200)).toEqual([]);
  });

  it('answers 503 JSON with Retry-After once every replica is down', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const { proxy, url } = await proxyFor([a, b]);
    await Promise.all([kill(a), kill(b)]);
    await expect.poll(async () => (await proxy.servers()).map((s) => s.status), { timeout: 10_000 }).toEqual(['DOWN', 'DOWN']);
    const res = await fetch(`${url}/art`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: 'The service is unavailable; try again in a moment.' } });
  });

  it('shows the staff statistics page on loopback', async () => {
    const a = await replica('a');
    const { proxy } = await proxyFor([a]);
    expect(new URL(proxy.statsUrl).hostname).toBe('127.0.0.1');
    const page = await fetch(proxy.statsUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Statistics Report');
    // Its own counters, on its socket: no log line dropped on a quiet proxy.
    expect(await proxy.droppedLogs()).toBe(0);
  });
});
