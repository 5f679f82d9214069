import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort, startEmbeddedMeili, type RunningMeili } from '@easel/indexer';
import type { Hono } from 'hono';
import { createApp } from '../src/app';
import { createEngine, type Engine } from '../src/engine';

/** A Meilisearch of this file's own, so stopping and pausing it leaves the run's engine alone. */
let meili: RunningMeili;
let engine: Engine;
let app: Hono;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-search-failure-'));
  meili = await startEmbeddedMeili({ dataDir, port: await getFreePort() });
  engine = createEngine(meili);
  app = createApp({ config: { SEARCH_INDEX: 'artworks', SEARCH_CACHE_TTL_MS: 0, RATE_LIMIT_SEARCH_PER_MINUTE: 0, SEARCH_TRUSTED_PROXIES: [] }, meili: engine });
  const res = await fetch(`${meili.url}/indexes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${meili.masterKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uid: 'artworks', primaryKey: 'id' }),
  });
  expect(res.status).toBe(202);
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

  it('answers 504 within the 1000 ms budget when the engine is paused, and recovers', async () => {
    process.kill(meili.pid!, 'SIGSTOP');
    try {
      for (const url of ['/api/v2/product/s/?colours=red', '/api/v2/product/s/_count/', '/api/v2/product/s/_prices/']) {
        const { res, ms, body } = await timed(url);
        expect(res.status).toBe(504);
        expect(body.error!.code).toBe('engine_timeout');
        expect(ms).toBeGreaterThanOrEqual(950);
        expect(ms).toBeLessThan(1300);
      }
      expect((await app.request('/healthz')).status).toBe(503);
    } finally {
      process.kill(meili.pid!, 'SIGCONT');
    }
    await expect.poll(async () => (await app.request('/healthz')).status, { timeout: 5000 }).toBe(200);
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
    const post = await app.request('/api/v2/product/s/meili/multi-search', { method: 'POST', body: JSON.stringify({ queries: [{ q: 'x' }] }) });
    expect(post.status).toBe(503);
  });
});
