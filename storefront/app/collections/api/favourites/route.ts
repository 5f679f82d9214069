import { getDb } from '../../../../lib/db';
import { createFavouritesHandlers } from '../../../../lib/engagement/api';

/** GET and POST /collections/api/favourites/ (see lib/engagement/api.ts). */
export const { GET, POST } = createFavouritesHandlers({ getDb });
