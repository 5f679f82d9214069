import { Hono } from 'hono';
import { NextRequest } from 'next/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { unavailable } from './context';
import type { ApiEnv } from './errors';
import { callable, databaseDown } from './testing';

afterEach(() => vi.restoreAllMocks());

// A port nothing listens on: connecting to it is refused.
let closedPort: number;
beforeAll(async () => {
  closedPort = await getFreePort();
});

const call = callable(new Hono<ApiEnv>()
  .get('/api/bug/:slug/', () => {
    const missing = undefined as unknown as { title: string };
    return new Response(missing.title);
  })
  .get('/api/database/', unavailable('Accounts are unavailable just now; please try again shortly.'), async () => {
    await databaseDown();
    return new Response('never');
  })
  .get('/api/service/', async () => new Response(await (await fetch(`http://127.0.0.1:${closedPort}/`)).text())));

const ask = (path: string) => call(new NextRequest(`http://shop.test${path}`));

describe('the API\'s error handler', () => {
  it('answers a bug with 500 and an error id, logged with the route and the stack', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await ask('/api/bug/blue-harbour/');
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json() as { error: { id: string; message: string } };
    expect(apiErrorBodySchema.parse(body).error.code).toBe('internal');
    expect(body.error.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.error.message).toContain(body.error.id);
    expect(body.error.message).not.toMatch(/TypeError|undefined|title/);
    expect(log).toHaveBeenCalledOnce();
    const [line, error] = log.mock.calls[0]!;
    expect(line).toBe(`error ${body.error.id}: GET /api/bug/:slug/ (/api/bug/blue-harbour/)`);
    expect((error as Error).stack).toMatch(/TypeError[\s\S]*errors\.test\.ts/);
  });

  it('keeps 503 for a dependency that is down: the database, a service that refuses the connection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const database = await ask('/api/database/');
    expect(database.status).toBe(503);
    expect(await database.json()).toEqual({ error: { code: 'unavailable', message: 'Accounts are unavailable just now; please try again shortly.' } });
    const service = await ask('/api/service/');
    expect(service.status).toBe(503);
    expect(apiErrorBodySchema.parse(await service.json()).error.code).toBe('unavailable');
  });
});

describe('what no route takes', () => {
  // Behind middleware, as the API's routes are (it speaks the shopper's language for all of them).
  const routed = callable(new Hono<ApiEnv>()
    .use(async (_c, next) => next())
    .get('/api/works/', (c) => c.json({ works: [] }))
    .post('/api/works/', (c) => c.json({ added: true })));

  it('answers an address with no route 404 in the error shape, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const response = await routed(new NextRequest('http://shop.test/api/nothing/', { method }));
      expect(response.status, method).toBe(404);
      expect(apiErrorBodySchema.parse(await response.json()).error).toEqual({ code: 'not_found', message: 'There is nothing at this address.' });
    }
  });

  it('answers a method the address does not take 405, and OPTIONS with the methods it does', async () => {
    expect((await routed(new NextRequest('http://shop.test/api/works/', { method: 'DELETE' }))).status).toBe(405);
    const options = await routed(new NextRequest('http://shop.test/api/works/', { method: 'OPTIONS' }));
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, OPTIONS, POST']);
  });
});
