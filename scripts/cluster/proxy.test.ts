import { createHash } from 'node:crypto';
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { startProxy, type ProxyRoute, type RunningProxy } from './proxy';

interface Replica {
  name: string;
  url: string;
  start(): Promise<void>;
  /** Like a killed process: the port refuses connections and open ones are cut, answers under way included. */
  stop(): Promise<void>;
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

/** A real HTTP server on a free port that can be stopped and started again on the same port. */
async function replica(name: string): Promise<Replica> {
  const port = await getFreePort();
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/health') return void res.end('ok');
    if (req.url === '/cookies') {
      res.setHeader('set-cookie', ['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
      return void res.end();
    }
    const body = await buffer(req);
    const echo: Echo = { name, method: req.method!, url: req.url!, headers: req.headers, bodyLength: body.length, bodySha: sha(body) };
    // A little work, so that some requests are under way whenever the replica stops.
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(echo)), 5);
  };
  let server: http.Server | undefined;
  const self: Replica = {
    name,
    url: `http://127.0.0.1:${port}`,
    start: () =>
      new Promise((resolve, reject) => {
        server = http.createServer((req, res) => void handle(req, res));
        server.once('error', reject);
        server.listen({ host: '127.0.0.1', port }, resolve);
      }),
    stop: () =>
      new Promise((resolve) => {
        server!.close(() => resolve());
        server!.closeAllConnections();
      }),
  };
  await self.start();
  running.push(self);
  return self;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const running: Replica[] = [];
const proxies: RunningProxy[] = [];

async function proxyFor(routes: ProxyRoute[], options: { healthIntervalMs?: number; log?: (line: string) => void } = {}) {
  const proxy = await startProxy({ routes, ...options });
  proxies.push(proxy);
  return proxy;
}

const isHealthy = (proxy: RunningProxy, replica: Replica) => proxy.upstreams().find((u) => u.url === replica.url)?.healthy;

async function get(url: string): Promise<Echo> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as Echo;
}

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
  await Promise.all(running.splice(0).map((r) => r.stop()));
});

describe('startProxy', () => {
  it('takes the replicas of the matching route in turn, passing the path, query and headers through', async () => {
    const [a, b, search] = await Promise.all([replica('a'), replica('b'), replica('search')]);
    const proxy = await proxyFor([
      { prefix: '/', upstreams: [a.url, b.url], healthPath: '/health' },
      { prefix: '/api/v2/product/s/', upstreams: [search.url], healthPath: '/health' },
    ]);
    expect(new URL(proxy.url).hostname).toBe('127.0.0.1');
    const names = [];
    for (let i = 0; i < 4; i++) names.push((await get(`${proxy.url}/art/blue?page=${i}`)).name);
    expect(names).toEqual(['a', 'b', 'a', 'b']);

    const res = await fetch(`${proxy.url}/api/v2/product/s/search?q=sea&sort=new`, { headers: { 'x-forwarded-for': '203.0.113.7', 'x-custom': 'kept' } });
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ name: 'search', method: 'GET', url: '/api/v2/product/s/search?q=sea&sort=new' });
    expect(echo.headers).toMatchObject({
      host: new URL(proxy.url).host,
      'x-forwarded-host': new URL(proxy.url).host,
      'x-forwarded-proto': 'http',
      'x-forwarded-for': '203.0.113.7, 127.0.0.1',
      'x-custom': 'kept',
    });
  });

  it('streams request bodies through, with or without a length', async () => {
    const a = await replica('a');
    const proxy = await proxyFor([{ prefix: '/', upstreams: [a.url], healthPath: '/health' }]);
    const body = new Uint8Array(1024 * 1024).map((_, i) => i % 251);
    const sized = await fetch(`${proxy.url}/api/orders`, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
    expect(await sized.json()).toMatchObject({ method: 'POST', bodyLength: body.length, bodySha: sha(body), headers: { 'content-type': 'application/octet-stream' } });

    const chunks = [body.subarray(0, 300_000), body.subarray(300_000)];
    const stream = new ReadableStream({ pull: (controller) => (chunks.length ? controller.enqueue(chunks.shift()) : controller.close()) });
    const chunked = await fetch(`${proxy.url}/api/orders`, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit);
    expect(await chunked.json()).toMatchObject({ method: 'PUT', bodyLength: body.length, bodySha: sha(body) });
  });

  it('keeps each Set-Cookie header', async () => {
    const a = await replica('a');
    const proxy = await proxyFor([{ prefix: '/', upstreams: [a.url], healthPath: '/health' }]);
    const res = await fetch(`${proxy.url}/cookies`);
    expect(res.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark; Path=/']);
  });

  it('routes around a replica that stops under a steady stream of GETs, and takes it back when it returns', async () => {
    const [a, b] = await Promise.all([replica('a'), replica('b')]);
    const lines: string[] = [];
    const proxy = await proxyFor([{ prefix: '/', upstreams: [a.url, b.url], healthPath: '/health' }], { log: (line) => lines.push(line) });
    const outcomes: (number | string)[] = [];
    let streaming = true;
    const shopper = async () => {
      while (streaming) {
        try {
          const res = await fetch(`${proxy.url}/art`);
          await res.arrayBuffer();
          outcomes.push(res.status);
        } catch (error) {
          outcomes.push(String(error));
        }
      }
    };
    const shoppers = [shopper(), shopper(), shopper(), shopper()];
    await expect.poll(() => outcomes.length).toBeGreaterThan(40);
    await b.stop();
    await expect.poll(() => isHealthy(proxy, b)).toBe(false);
    const atDetection = outcomes.length;
    await expect.poll(() => outcomes.length).toBeGreaterThan(atDetection + 40);
    streaming = false;
    await Promise.all(shoppers);
    expect(outcomes.filter((outcome) => outcome !== 200)).toEqual([]);
    for (let i = 0; i < 4; i++) expect((await get(`${proxy.url}/art`)).name).toBe('a');

    await b.start();
    await expect.poll(() => isHealthy(proxy, b)).toBe(true);
    const names = new Set([(await get(`${proxy.url}/art`)).name, (await get(`${proxy.url}/art`)).name]);
    expect(names).toEqual(new Set(['a', 'b']));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${b.url} left the rotation for /: `)), `${b.url} rejoined the rotation for /.`]);
  });

  it('sends a bodiless request that was refused to another replica, and answers 502 or 503 JSON when it cannot', async () => {
    const [a, b] = await Promise.all([replica('a'), replica('b')]);
    // Checks far apart: only the refused connections take replicas out here.
    const proxy = await proxyFor([{ prefix: '/', upstreams: [a.url, b.url], healthPath: '/health' }], { healthIntervalMs: 60_000 });
    await b.stop();
    expect((await get(`${proxy.url}/art`)).name).toBe('a');
    const post = await fetch(`${proxy.url}/api/cart/clear`, { method: 'POST' });
    expect(((await post.json()) as Echo).name).toBe('a');
    expect(isHealthy(proxy, b)).toBe(false);

    await a.stop();
    const refused = await fetch(`${proxy.url}/api/orders`, { method: 'POST', body: JSON.stringify({ artwork: 7 }) });
    expect(refused.status).toBe(502);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(await refused.json()).toEqual({ error: { code: 'bad_gateway', message: 'The replica for / did not answer: connection refused.' } });

    const none = await fetch(`${proxy.url}/art`);
    expect(none.status).toBe(503);
    expect(await none.json()).toEqual({ error: { code: 'unavailable', message: 'No replica for / is up; try again in a moment.' } });
  });

  it('answers 503 JSON once the health checks find every replica down', async () => {
    const [a, b] = await Promise.all([replica('a'), replica('b')]);
    const proxy = await proxyFor([{ prefix: '/', upstreams: [a.url, b.url], healthPath: '/health' }]);
    await Promise.all([a.stop(), b.stop()]);
    await expect.poll(() => proxy.upstreams().map((u) => u.healthy)).toEqual([false, false]);
    const res = await fetch(`${proxy.url}/art`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: 'No replica for / is up; try again in a moment.' } });
  });
});
