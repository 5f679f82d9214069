import { getDb } from '../../../lib/db';
import { createBasketHandlers } from '../../../lib/basket/basket-api';

/** GET, POST, PATCH and DELETE /api/basket-next/: the shopper's basket (see lib/basket/basket-api.ts). */
export const { GET, POST, PATCH, DELETE } = createBasketHandlers({ getDb }).basket;
