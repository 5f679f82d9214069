import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '@easel/indexer';

let GET: typeof import('./route').GET;
let POST: typeof import('./route').POST;

beforeAll(async () => {
  // A port nothing listens on: the search service is down.
  process.env.SEARCH_SERVICE_URL = `http://127.0.0.1:${await getFreePort()}`;
  ({ GET, POST } = await import('./route'));
});

const url = 'http://127.0.0.1:3000/api/v2/product/s/meili/multi-search/';

describe('the search API on the storefront origin', () => {
  it('refuses a multi-search body over 64 KB, or of no stated length, before reading it', async () => {
    const response = await POST(new NextRequest(url, { method: 'POST', body: 'x'.repeat(70_000), headers: { 'content-type': 'application/json', 'content-length': '70000' } }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'body' } });
    expect((await POST(new NextRequest(url, { method: 'POST', body: '{}' }))).status).toBe(411);
  });

  it('answers 503 with Retry-After and the contract error when the search service is down', async () => {
    const response = await GET(new NextRequest('http://127.0.0.1:3000/api/v2/product/s/?colours=red'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: { code: 'engine_unavailable', message: expect.any(String) } });
  });

  it('forwards a small body and reports the unreachable service the same way', async () => {
    const body = '{"queries":[]}';
    const response = await POST(new NextRequest(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } }));
    expect(response.status).toBe(503);
  });
});
