import { getDb } from '../../../../lib/db';
import { createFeaturedArtHandler } from '../../../../lib/catalogue/home-api';

/** GET /api/v2/featured-art/: featured art, read as results (see lib/catalogue/home-api.ts). */
export const GET = createFeaturedArtHandler({ getDb });
