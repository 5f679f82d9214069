import { getDb } from '../../../../lib/db';
import { createCollectionItemHandlers } from '../../../../lib/collections/api';

/** POST and DELETE /collections/api/items/ (see lib/collections/api.ts). */
export const { POST, DELETE } = createCollectionItemHandlers({ getDb });
