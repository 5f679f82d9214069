import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { callable } from '../api/testing';
import { searchForwardRoutes } from './search-forward-api';

let GET: (request: Request) => Promise<Response>;

beforeAll(async () => {
  // A port nothing listens on: the search service is down.
  const down = `http://127.0.0.1:${await getFreePort()}`;
  GET = callable(searchForwardRoutes({ searchServiceUrl: () => down }));
});

describe('the search API on the storefront origin', () => {
  it('answers 503 with Retry-After and the contract error when the search service is down', async () => {
    const response = await GET(new NextRequest('http://127.0.0.1:3000/api/v2/product/s/?colours=red'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: { code: 'engine_unavailable', message: expect.any(String) } });
  });
});
