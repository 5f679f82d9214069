import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@easel/data/db';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { callable } from './api/testing';
import { healthRoutes } from './healthz-api';

let temp: TemporaryDatabase;

beforeAll(async () => {
  temp = await openTemporaryDatabase('healthz');
});
afterAll(() => temp.close());

const healthAt = (getDb: () => Promise<Db>) => callable(healthRoutes({ getDb }))(new Request('http://shop.test/api/healthz/'));

describe('GET /api/healthz/', () => {
  it('answers 200 while the database answers, never cached', async () => {
    const response = await healthAt(async () => temp.db);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 in the error shape when the database does not, without a log line', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await healthAt(() => Promise.reject(new Error('gone')));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'unavailable' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
