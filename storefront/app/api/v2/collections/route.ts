import { getDb } from '../../../../lib/db';
import { createEditorsPicksHandler } from '../../../../lib/catalogue/home-api';

/** GET /api/v2/collections: the editors' picks, read as results (see lib/catalogue/home-api.ts). */
export const GET = createEditorsPicksHandler({ getDb });
