import { getDb } from '../../../lib/db';
import { createFollowsHandlers } from '../../../lib/engagement/api';

/** GET /interest/follows.js: the followed artists' slugs (see lib/engagement/api.ts). */
export const GET = createFollowsHandlers({ getDb }).list;
