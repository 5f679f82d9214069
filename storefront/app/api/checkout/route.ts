import { getDb } from '../../../lib/db';
import { createCheckoutHandlers } from '../../../lib/checkout/checkout-api';
import { simulatedPayments } from '../../../lib/checkout/payment';

/** POST /api/checkout/: quotes the basket and reserves its originals (see lib/checkout/checkout-api.ts). */
export const POST = createCheckoutHandlers({ getDb, payments: simulatedPayments }).start;
