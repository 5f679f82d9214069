import { getDb } from '../../../../lib/db';
import { createCollectionHandler } from '../../../../lib/collections/api';

/** GET /api/v2/collection/?slug= (see lib/collections/api.ts). */
export const GET = createCollectionHandler({ getDb });
