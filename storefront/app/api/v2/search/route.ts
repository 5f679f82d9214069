import { createSearchHandler } from '../../../../lib/catalogue/search-api';
import { getConfig } from '../../../../lib/config';
import { getDb } from '../../../../lib/db';

/** GET /api/v2/search/?q=: the header search box's suggestions (see lib/catalogue/search-api.ts). */
export const GET = createSearchHandler({ getDb, searchServiceUrl: () => getConfig().SEARCH_SERVICE_URL });
