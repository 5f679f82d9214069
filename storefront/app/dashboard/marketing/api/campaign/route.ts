import { getDb } from '../../../../../lib/db';
import { createCurationHandlers } from '../../../../../lib/staff/tools-api';

/** GET, POST and DELETE /dashboard/marketing/api/campaign/: a product's campaigns, staff only (see lib/staff/api.ts). */
export const { GET, POST, DELETE } = createCurationHandlers('campaign', { getDb });
