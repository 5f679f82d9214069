import { getDb } from '../../../lib/db';
import { createUserSettingsHandlers } from '../../../lib/settings/api';

/** GET, PUT and OPTIONS /api/u/: the shopper's settings (see lib/settings/api.ts). */
export const { GET, PUT, OPTIONS } = createUserSettingsHandlers({ getDb });
