import { getDb } from '../../../../lib/db';
import { createAccountHandlers } from '../../../../lib/account/api';

/** POST /api/account/logout/ (see lib/account/api.ts). */
export const { logout: POST } = createAccountHandlers({ getDb });
