import { getDb } from '../../../../lib/db';
import { createAddressBookHandlers } from '../../../../lib/checkout/address-book-api';

/** GET and DELETE /api/account/addresses/ (see lib/checkout/address-book-api.ts). */
export const { GET, DELETE } = createAddressBookHandlers({ getDb });
