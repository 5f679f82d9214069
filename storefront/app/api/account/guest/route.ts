import { getDb } from '../../../../lib/db';
import { createAccountHandlers } from '../../../../lib/account/api';

/** POST /api/account/guest/ (see lib/account/api.ts). */
export const { guest: POST } = createAccountHandlers({ getDb });
