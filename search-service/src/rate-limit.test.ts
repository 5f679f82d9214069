import { afterAll, describe, expect, inject, it } from 'vitest';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { BASE_PATH, createApp } from './app';
import { CardStore } from './card-store';
import { createEngine } from './engine';

describe('the search-service limits searches per client address', () => {
  const engine = createEngine(inject('meili'));
  afterAll(() => engine.close());
  const LIMIT = 4;
  const app = createApp({
    config: { SEARCH_INDEX: 'rate_limit_test', SEARCH_CACHE_TTL_MS: 0, RATE_LIMIT_SEARCH_PER_MINUTE: LIMIT, SEARCH_TRUSTED_PROXIES: ['127.0.0.1'] },
    meili: engine,
    cards: new CardStore(engine, 'rate_limit_test', 100),
  });
  /** A request as if from `peer`, the socket address @hono/node-server hands the app. */
  const from = (peer: string, path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers }, { incoming: { socket: { remoteAddress: peer } } });

  // A malformed query is answered (400) after it is counted, without bothering the engine.
  // Each path with its own client, so one case's count does not carry into the next.
  it.each([
    [`${BASE_PATH}/?page=nope`, '203.0.113.1'],
    [`${BASE_PATH}/_count/?page=nope`, '203.0.113.2'],
    [`${BASE_PATH}/_prices/?page=nope`, '203.0.113.3'],
    [`${BASE_PATH}/openapi.json`, '203.0.113.4'],
  ])(
    '%s: the request over the limit is a 429 with Retry-After; another address is unaffected',
    async (path, peer) => {
      for (let i = 0; i < LIMIT; i += 1) expect((await from(peer, path)).status).not.toBe(429);
      const refused = await from(peer, path);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const body = apiErrorBodySchema.parse(await refused.json());
      expect(body.error.code).toBe('rate_limited');
      expect((await from('198.51.100.77', path)).status).not.toBe(429);
      // The made-up header of an untrusted peer changes nothing: still the same key, still refused.
      expect((await from(peer, path, { 'x-forwarded-for': '192.0.2.99' })).status).toBe(429);
    },
  );

  it('counts the shopper the storefront forwards for, and not the storefront itself', async () => {
    const forwarded = { 'x-forwarded-for': '192.0.2.10' };
    for (let i = 0; i < LIMIT; i += 1) expect((await from('127.0.0.1', `${BASE_PATH}/openapi.json`, forwarded)).status).toBe(200);
    expect((await from('127.0.0.1', `${BASE_PATH}/openapi.json`, forwarded)).status).toBe(429);
    expect((await from('127.0.0.1', `${BASE_PATH}/openapi.json`, { 'x-forwarded-for': '192.0.2.11' })).status).toBe(200);
    // The storefront's own server-side searches name no one and are not counted.
    for (let i = 0; i < LIMIT + 2; i += 1) expect((await from('127.0.0.1', `${BASE_PATH}/openapi.json`)).status).toBe(200);
  });

  it('/healthz is not limited', async () => {
    for (let i = 0; i < LIMIT + 2; i += 1) expect((await from('203.0.113.250', '/healthz')).status).not.toBe(429);
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const path of [`${BASE_PATH}/openapi.json`, `${BASE_PATH}/?page=nope`, '/nowhere']) {
      const res = await from('198.51.100.200', path, { host: 'search.example' });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
      expect(res.headers.get('content-security-policy')).toContain("base-uri 'none'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    }
    const local = await from('198.51.100.200', `${BASE_PATH}/openapi.json`, { host: '127.0.0.1:4000' });
    expect(local.headers.get('strict-transport-security')).toBeNull();
  });
});
