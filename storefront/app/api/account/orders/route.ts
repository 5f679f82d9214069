import { getDb } from '../../../../lib/db';
import { createOrderHistoryHandler } from '../../../../lib/checkout/checkout-api';

/** GET /api/account/orders/: the signed-in shopper's orders. */
export const GET = createOrderHistoryHandler({ getDb });
