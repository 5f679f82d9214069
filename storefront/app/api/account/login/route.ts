import { getDb } from '../../../../lib/db';
import { createAccountHandlers } from '../../../../lib/account/api';

/** POST /api/account/login/ (see lib/account/api.ts). */
export const { login: POST } = createAccountHandlers({ getDb });
