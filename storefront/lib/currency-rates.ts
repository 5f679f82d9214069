import { Hono } from 'hono';
import type { Db } from '@easel/data/db';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { unavailable } from './api/context';

/**
 * GET /api/product/currency-rates/: the from -> to matrix of the five currencies, as stored
 * in the database (the seeded defaults until staff change them): { GBP: { USD: 1.39, … }, … }.
 */
export const currencyRatesRoutes = ({ getDb }: { getDb: () => Promise<Db> }) =>
  new Hono().get('/api/product/currency-rates/', unavailable('Currency rates are unavailable just now; please try again shortly.'), async (c) =>
    // Rates change rarely; a few minutes' reuse spares the database without showing stale prices for long.
    c.json(await getRateMatrix(await getDb()), 200, { 'Cache-Control': 'public, max-age=300' }));
