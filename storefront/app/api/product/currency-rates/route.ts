import { createCurrencyRatesHandler } from '../../../../lib/currency-rates';
import { getDb } from '../../../../lib/db';

/** GET /api/product/currency-rates/: the currency matrix (see lib/currency-rates.ts). */
export const GET = createCurrencyRatesHandler({ getDb });
