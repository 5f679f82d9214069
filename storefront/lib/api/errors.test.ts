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
