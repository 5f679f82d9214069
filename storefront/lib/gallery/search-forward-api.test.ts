import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_ID_PATTERN, type SearchResponse } from '@easel/search-service/contract';
import { getFreePort } from '@easel/shared/process';
import { serveFixture, type ServedFixture } from '../../../search-service/test/fixture';
import { callable } from '../api/testing';
import { SearchRecorder } from '../search-analytics/recorder';
import { isSearchApiRequest, searchForwardRoutes, withSearchId } from './search-forward-api';

let GET: (request: Request) => Promise<Response>;

beforeAll(async () => {
  // A port nothing listens on: the search service is down.
  const down = `http://127.0.0.1:${await getFreePort()}`;
  GET = callable(searchForwardRoutes({ searchServiceUrl: () => down, searchRecorder: () => { throw new Error('a search the service does not answer is not recorded'); } }));
});

describe('the search API on the storefront origin', () => {
  it('answers 503 with Retry-After and the contract error when the search service is down', async () => {
    const response = await GET(new NextRequest('http://127.0.0.1:3000/api/v2/product/s/?colours=red'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: { code: 'engine_unavailable', message: expect.any(String) } });
  });
});

describe('isSearchApiRequest', () => {
  it.each([
    ['GET', '/api/v2/product/s/', true],
    ['GET', '/api/v2/product/s/?colours=red&page=2', true],
    ['HEAD', '/api/v2/product/s/_count/?colours=red', true],
    ['GET', '/api/v2/product/s/_prices/', true],
    // Next.js redirects to the address with its slash first, or serves a file.
    ['GET', '/api/v2/product/s', false],
    ['GET', '/api/v2/product/s/_count?colours=red', false],
    ['GET', '/api/v2/product/s/openapi.json', false],
    ['POST', '/api/v2/product/s/', false],
    ['GET', '/api/v2/search/?q=sea', false],
    ['GET', '/shop/?q=/api/v2/product/s/', false],
  ])('%s %s -> %s', (method, target, expected) => {
    expect(isSearchApiRequest(method, target)).toBe(expected);
  });
});

describe('a gallery search on the storefront origin', () => {
  let f: ServedFixture;
  let recorder: SearchRecorder;
  let forward: (request: Request) => Promise<Response>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-forward-searches-'));

  beforeAll(async () => {
    f = await serveFixture({ seed: 6, artworks: 300 });
    recorder = new SearchRecorder({ dir, getDb: async () => f.db });
    forward = callable(searchForwardRoutes({ searchServiceUrl: () => f.url, searchRecorder: () => recorder }));
  });
  afterAll(async () => {
    await f?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers the search service's answer with its search id first, for this shopper alone, and records it", async () => {
    const direct = (await (await fetch(`${f.url}/api/v2/product/s/?q=sea&colours=blue`)).json()) as SearchResponse;
    const response = await forward(new NextRequest('http://shop.test/api/v2/product/s/?q=Sea&colours=blue', { headers: { 'user-agent': 'test' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('etag')).toBeNull();
    const body = (await response.json()) as SearchResponse;
    expect(body.search_id).toMatch(SEARCH_ID_PATTERN);
    expect({ ...body, search_id: undefined }).toEqual({ ...direct, search_id: undefined });
    expect(Object.keys(body)[0]).toBe('search_id');
    await recorder.drain();
    expect(await f.db.selectFrom('search_records').select(['source', 'query', 'definition', 'result_count', 'page']).where('search_id', '=', body.search_id!).executeTakeFirst())
      .toEqual({ source: 'gallery', query: 'sea', definition: 'q=sea&colours=blue', result_count: direct.count, page: 1 });
  });

  it('records a search each time it is made, each with its own id, and never the live count or price bars', async () => {
    const before = (await f.db.selectFrom('search_records').select('search_id').execute()).length;
    const ids = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) ids.add(((await (await forward(new NextRequest('http://shop.test/api/v2/product/s/?q=zorblax'))).json()) as SearchResponse).search_id);
    for (const endpoint of ['_count', '_prices']) expect((await forward(new NextRequest(`http://shop.test/api/v2/product/s/${endpoint}/?q=zorblax`))).status).toBe(200);
    await recorder.drain();
    expect(ids.size).toBe(3);
    const records = await f.db.selectFrom('search_records').select(['query', 'result_count']).execute();
    expect(records.length - before).toBe(3);
    expect(records.filter((r) => r.query === 'zorblax')).toEqual(Array.from({ length: 3 }, () => ({ query: 'zorblax', result_count: 0 })));
  });
});

describe('withSearchId', () => {
  it('puts the id first in the answer, keeping every byte of the rest', () => {
    const body = new TextEncoder().encode('{"results":[],"count":0}');
    expect(new TextDecoder().decode(withSearchId(body, 'f'.repeat(32)))).toBe(`{"search_id":"${'f'.repeat(32)}","results":[],"count":0}`);
  });
});
