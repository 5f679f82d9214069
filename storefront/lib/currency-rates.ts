import type { Db } from '@easel/data/db';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { apiError } from './api-error';

/**
 * GET /api/product/currency-rates/: the from -> to matrix of the five currencies, as stored
 * in the database (the seeded defaults until staff change them): { GBP: { USD: 1.39, … }, … }.
 */
export function createCurrencyRatesHandler({ getDb }: { getDb: () => Promise<Db> }): () => Promise<Response> {
  return async () => {
    try {
      const rates = await getRateMatrix(await getDb());
      // Rates change rarely; a few minutes' reuse spares the database without showing stale prices for long.
      return Response.json(rates, { headers: { 'Cache-Control': 'public, max-age=300' } });
    } catch (error) {
      console.error('currency rates: could not read them:', error);
      return apiError(503, 'unavailable', 'Currency rates are unavailable just now; please try again shortly.');
    }
  };
}
