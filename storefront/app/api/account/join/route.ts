import { getDb } from '../../../../lib/db';
import { createAccountHandlers } from '../../../../lib/account/api';

/** POST /api/account/join/ (see lib/account/api.ts). */
export const { join: POST } = createAccountHandlers({ getDb });
