import { getDb } from '../../../../lib/db';
import { createRecommendationsHandler } from '../../../../lib/catalogue/home-api';

/** GET /api/v2/recommendations/: products keyed by original id (see lib/catalogue/home-api.ts). */
export const GET = createRecommendationsHandler({ getDb });
