import { getDb } from '../../../../lib/db';
import { createAccountHandlers } from '../../../../lib/account/api';

/** POST /api/account/confirm/ (see lib/account/api.ts). */
export const { confirm: POST } = createAccountHandlers({ getDb });
