import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '@easel/data/db';
import { callable, databaseDown } from './api/testing';
import { currencyRatesRoutes } from './currency-rates';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-rates-'));
let db: Db;

beforeAll(async () => {
  db = await openDatabase(path.join(dir, 'rates.db'));
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ratesAt = (getDb: () => Promise<Db>) => () => callable(currencyRatesRoutes({ getDb }))(new Request('http://shop.test/api/product/currency-rates/'));
const GET = ratesAt(async () => db);

describe('GET /api/product/currency-rates/', () => {
  it('answers the seeded defaults as a matrix of the five currencies', async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    const rates = (await response.json()) as Record<string, Record<string, number>>;
    expect(Object.keys(rates)).toEqual(['GBP', 'USD', 'EUR', 'CAD', 'AUD']);
    for (const row of Object.values(rates)) expect(Object.keys(row)).toEqual(['GBP', 'USD', 'EUR', 'CAD', 'AUD']);
    expect(rates.GBP).toEqual({ GBP: 1, USD: 1.39, EUR: 1.18, CAD: 1.89, AUD: 2.09 });
    expect(rates.USD?.USD).toBe(1);
    expect(rates.USD?.GBP).toBeCloseTo(1 / 1.39, 6);
  });

  it('answers the rates as stored once staff change them', async () => {
    await db.insertInto('currency_rates').values({ from_currency: 'GBP', to_currency: 'USD', rate: 1.27, updated_at: '2026-06-01T00:00:00Z' }).execute();
    const rates = (await (await GET()).json()) as Record<string, Record<string, number>>;
    expect(rates.GBP?.USD).toBe(1.27);
  });

  it('may be cached for a few minutes', async () => {
    expect((await GET()).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers 503 in the error shape when the database cannot be read, and logs why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await ratesAt(databaseDown)();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'unavailable' } });
    expect(log).toHaveBeenCalledWith('GET /api/product/currency-rates/ failed:', expect.objectContaining({ code: 'SQLITE_CANTOPEN' }));
    log.mockRestore();
  });
});
