import { getDb } from '../../../lib/db';
import { createAccountHandlers } from '../../../lib/account/api';

/** GET and PATCH /api/account/: the signed-in user and their profile (see lib/account/api.ts). */
export const { GET, PATCH } = createAccountHandlers({ getDb });
