import { getDb } from '../../../../lib/db';
import { createBasketHandlers } from '../../../../lib/basket/basket-api';

/** POST and DELETE /api/basket-next/promo/: applies or removes the basket's promo code. */
export const { POST, DELETE } = createBasketHandlers({ getDb }).promo;
