import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { callable } from '../api/testing';
import { isSearchApiRequest, searchForwardRoutes } from './search-forward-api';

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
