import { getDb } from '../../../../../lib/db';
import { createHomepageBannerHandler } from '../../../../../lib/catalogue/home-api';

/** GET /api/v2/homepage/banner/: the hero banner, returned whole (see lib/catalogue/home-api.ts). */
export const GET = createHomepageBannerHandler({ getDb });
