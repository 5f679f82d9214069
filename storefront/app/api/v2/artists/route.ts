import { getDb } from '../../../../lib/db';
import { createArtistListHandler } from '../../../../lib/catalogue/artist-api';

/** GET /api/v2/artists/?list=popular|discovered: the homepage's artist lists, read as results. */
export const GET = createArtistListHandler({ getDb });
