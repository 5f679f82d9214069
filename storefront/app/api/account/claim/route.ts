import { getDb } from '../../../../lib/db';
import { createAccountHandlers } from '../../../../lib/account/api';

/** POST /api/account/claim/ (see lib/account/api.ts). */
export const { claim: POST } = createAccountHandlers({ getDb });
