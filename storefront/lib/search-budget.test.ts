import net, { type AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_BUDGET_MS, SEARCH_WAITS_MS } from '@easel/search-service/budget';
import { callable } from './api/testing';
import { searchForwardRoutes } from './gallery/search-forward-api';
import { fetchGallery } from './search/gallery-page';
import { scratchRecorder } from './search-analytics/recorder.fixture';

/**
 * The storefront's hop of the search budget (SEARCH_WAITS_MS, search-service/src/budget.ts): with a search
 * service that takes connections and never answers, a shopper's search is still answered, with
 * the contract's 504, before the budget is spent.
 */

let silent: net.Server;
const held: net.Socket[] = [];
let silentUrl: string;

beforeAll(async () => {
  silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('a search service that never answers', () => {
  it('the gallery forward answers 504 engine_timeout within the budget', async () => {
    for (const path of ['/api/v2/product/s/?q=sea', '/api/v2/product/s/_count/', '/api/v2/product/s/_prices/']) {
      const { value: response, ms } = await timed(() => callable(searchForwardRoutes({ searchServiceUrl: () => silentUrl, searchRecorder: scratchRecorder() }))(new NextRequest(`http://shop.test${path}`)));
      expect(response.status, path).toBe(504);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('engine_timeout');
      expect(ms).toBeGreaterThanOrEqual(SEARCH_WAITS_MS.storefront - 50);
      expect(ms).toBeLessThan(SEARCH_BUDGET_MS);
    }
  });

  it("the artist page's and the header box's search gives up within the budget", async () => {
    const { value, ms } = await timed(() => fetchGallery({ q: 'sea' }, { currency: 'GBP', units: 'cm', language: 'en-gb' }, silentUrl));
    expect(value).toEqual({ ok: false, reason: 'timeout' });
    expect(ms).toBeLessThan(SEARCH_BUDGET_MS);
  });
});
