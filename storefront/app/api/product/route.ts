import { getDb } from '../../../lib/db';
import { createProductHandler } from '../../../lib/catalogue/product-api';

/** GET /api/product/?slug=<slug>: a product page's data (see lib/catalogue/product.ts). */
export const GET = createProductHandler({ getDb });
