import { getDb } from '../../../../lib/db';
import { createArtistHandler } from '../../../../lib/catalogue/artist-api';

/** GET /api/v2/artist/?slug=<slug>: an artist page's data (see lib/catalogue/artist-api.ts). */
export const GET = createArtistHandler({ getDb });
