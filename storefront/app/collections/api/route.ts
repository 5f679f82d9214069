import { getDb } from '../../../lib/db';
import { createCollectionsHandlers } from '../../../lib/collections/api';

/** GET and POST /collections/api/ (see lib/collections/api.ts). */
export const { GET, POST } = createCollectionsHandlers({ getDb });
