import { getDb } from '../../lib/db';
import { createFollowsHandlers } from '../../lib/engagement/api';

/** POST /interest/: follow or unfollow an artist (see lib/engagement/api.ts). */
export const POST = createFollowsHandlers({ getDb }).toggle;
