import { getDb } from '../../../lib/db';
import { createRecentlyViewedHandlers } from '../../../lib/catalogue/recently-viewed-api';

/** GET and POST /api/recently-viewed/: the shopper's recently viewed works (see lib/catalogue/recently-viewed-api.ts). */
export const { GET, POST } = createRecentlyViewedHandlers({ getDb });
