import { getDb } from '../../../../lib/db';
import { createCheckoutHandlers } from '../../../../lib/checkout/checkout-api';
import { simulatedPayments } from '../../../../lib/checkout/payment';

/** POST /api/checkout/order/: places the order, once per Idempotency-Key. */
export const POST = createCheckoutHandlers({ getDb, payments: simulatedPayments }).order;
