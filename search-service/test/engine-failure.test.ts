import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meiliClient, rebuildIndex, startEmbeddedMeili, type RunningMeili } from '@easel/indexer';
import { getFreePort } from '@easel/shared/process';
import type { Hono } from 'hono';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { loadThroughRestart, summariseRestart } from '../bench/steady-load';
import { createApp } from '../src/app';
import { CardStore } from '../src/card-store';
import { SEARCH_BUDGET_MS, SEARCH_WAITS_MS } from '../src/budget';
import { createEngine, type Engine } from '../src/engine';

/** A Meilisearch of this file's own, so stopping and pausing it leaves the run's engine alone. */
let meili: RunningMeili;
let engine: Engine;
let app: Hono;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-search-failure-'));
  port = await getFreePort();
  meili = await startEmbeddedMeili({ dataDir, port });
  engine = createEngine(meili);
  app = createApp({ config: { SEARCH_INDEX: 'artworks', SEARCH_CACHE_TTL_MS: 0, RATE_LIMIT_SEARCH_PER_MINUTE: 0, SEARCH_TRUSTED_PROXIES: [] }, meili: engine, cards: new CardStore(engine, 'artworks', 100) });
  // Made and waited for: the tests below read the index while the engine is paused and resumed.
  await meiliClient(meili).createIndex('artworks', { primaryKey: 'id' }).waitTask();
});

afterAll(async () => {
  if (meili?.pid) {
    try {
      process.kill(meili.pid, 'SIGCONT');
    } catch {
      // already gone
    }
  }
  await engine?.close();
  await meili?.stop();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

async function timed(url: string) {
  const started = performance.now();
  const res = await app.request(url);
  return { res, ms: performance.now() - started, body: (await res.json()) as { error?: { code: string } } };
}

describe('when the engine misbehaves', () => {
  it('answers 200 while the engine is up', async () => {
    expect((await app.request('/healthz')).status).toBe(200);
  });

  it('answers 504 within the search budget when the engine is paused, and recovers', async () => {
    process.kill(meili.pid!, 'SIGSTOP');
    try {
      for (const url of ['/api/v2/product/s/?colours=red', '/api/v2/product/s/_count/', '/api/v2/product/s/_prices/']) {
        const { res, ms, body } = await timed(url);
        expect(res.status).toBe(504);
        expect(body.error!.code).toBe('engine_timeout');
        // It waits the engine's share of the budget, and answers before the budget is spent.
        expect(ms).toBeGreaterThanOrEqual(SEARCH_WAITS_MS.engine - 50);
        expect(ms).toBeLessThan(SEARCH_BUDGET_MS);
      }
      expect((await app.request('/healthz')).status).toBe(503);
    } finally {
      process.kill(meili.pid!, 'SIGCONT');
    }
    await expect.poll(async () => (await app.request('/healthz')).status, { timeout: 5000 }).toBe(200);
  });

  it('times out a call still waiting for a connection as one on its way, and the connection serves again', async () => {
    const single = createEngine(meili, { connections: 1, timeoutMs: 300 });
    process.kill(meili.pid!, 'SIGSTOP');
    try {
      const started = performance.now();
      const calls = [single.getIndexUpdatedAt('artworks'), single.getIndexUpdatedAt('artworks')].map((call) =>
        call.then(() => ({ name: 'answered', ms: 0 }), (error: Error) => ({ name: error.name, ms: performance.now() - started })),
      );
      for (const { name, ms } of await Promise.all(calls)) {
        expect(name).toBe('EngineTimeoutError');
        expect(ms).toBeGreaterThanOrEqual(290);
        expect(ms).toBeLessThan(SEARCH_BUDGET_MS);
      }
    } finally {
      process.kill(meili.pid!, 'SIGCONT');
    }
    expect(await single.getIndexUpdatedAt('artworks')).toMatch(/^\d{4}-/);
    await single.close();
  });

  it('answers 503 with Retry-After at once when the engine is stopped', async () => {
    await meili.stop();
    for (const url of ['/api/v2/product/s/', '/api/v2/product/s/_count/?in_sale=on', '/api/v2/product/s/_prices/?currency=USD']) {
      const { res, ms, body } = await timed(url);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(body.error!.code).toBe('engine_unavailable');
      expect(ms).toBeLessThan(1000);
    }
    const health = await app.request('/healthz');
    expect(health.status).toBe(503);
  });
});

/** How long a restarted engine may answer slowly enough for admission control to refuse searches. */
const WARM_UP_MS = 1000;

describe('when the engine comes back', () => {
  let temp: TemporaryDatabase;
  beforeAll(async () => {
    temp = await openTemporaryDatabase('engine-restart', { seed: 5, artworks: 300 });
  });
  afterAll(() => temp.close());

  it('answers again by itself once the engine is started again on its data and port', async () => {
    // The previous test left the engine stopped; the service and its connection pool stay as they were.
    expect((await app.request('/healthz')).status).toBe(503);
    meili = await startEmbeddedMeili({ dataDir, port });
    await expect.poll(async () => (await app.request('/healthz')).status, { timeout: 5000 }).toBe(200);
    await rebuildIndex({ db: temp.db, meili: meiliClient(meili), indexUid: 'artworks' });
    expect((await app.request('/api/v2/product/s/')).status).toBe(200);
  });

  it('under a steady 50 searches a second, fails only requests that met the engine killed and restarted or its warm-up, with 503 or 504, and recovers by itself', async () => {
    const server = await new Promise<ServerType>((resolve) => {
      const listening: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(listening));
    });
    try {
      const run = await loadThroughRestart({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests: ['/api/v2/product/s/', '/api/v2/product/s/_count/?colours=red', '/api/v2/product/s/?in_sale=on', '/api/v2/product/s/_prices/?currency=USD'].map((path) => ({ method: 'GET' as const, path })),
        rate: 50,
        durationMs: 8000,
        restartAfterMs: 2000,
        meili,
        dataDir,
      });
      const { outcomes, window } = run;
      meili = run.meili;
      const summary = summariseRestart(outcomes, window);
      console.log(`engine down for ${window.upAt - window.downAt} ms:`, summary);
      // The restart was felt, by requests that met it, each answered 503 or 504.
      expect(summary.failedInsideWindow).toBeGreaterThan(0);
      expect(summary.failedBeforeWindow).toBe(0);
      expect(Object.keys(summary.failureStatuses).filter((status) => !/^50[34]\b/.test(status))).toEqual([]);
      // Once the engine answers again, a search fails only if admission control refused it
      // ('overloaded', Retry-After) while the restarted engine warmed up; after that, none.
      const after = outcomes.filter((o) => o.sentAt > window.upAt && (o.status < 200 || o.status >= 300));
      expect(after.filter((o) => o.code !== 'overloaded' || o.sentAt - window.upAt > WARM_UP_MS)).toEqual([]);
      expect(summary.sentAfter).toBeGreaterThan(0);
      expect(summary.succeededAfter).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});

describe('admission control', () => {
  it('refuses the searches beyond what the engine is taking at once, with 503 and Retry-After, and admits again once it answers', async () => {
    const small = createApp({
      config: { SEARCH_INDEX: 'artworks', SEARCH_CACHE_TTL_MS: 0, RATE_LIMIT_SEARCH_PER_MINUTE: 0, SEARCH_TRUSTED_PROXIES: [] },
      meili: engine,
      cards: new CardStore(engine, 'artworks', 100),
      admission: { initial: 2, min: 2, max: 2 },
    });
    process.kill(meili.pid!, 'SIGSTOP');
    let held: Promise<Response>[];
    try {
      held = [Promise.resolve(small.request('/api/v2/product/s/?colours=red')), Promise.resolve(small.request('/api/v2/product/s/_count/?colours=blue'))];
      // Both are at the (paused) engine now; a third finds no room and is not queued behind them.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const refused = await small.request('/api/v2/product/s/_prices/?colours=green');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('overloaded');
    } finally {
      process.kill(meili.pid!, 'SIGCONT');
    }
    // The two admitted are answered once the engine resumes.
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    await expect.poll(async () => (await small.request('/api/v2/product/s/_prices/?colours=green')).status, { timeout: 5000 }).toBe(200);
  });
});
