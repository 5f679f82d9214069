import { getDb } from '../../../lib/db';
import { createCurationHandlers } from '../../../lib/staff/tools-api';

/** GET, POST and DELETE /editors-picks/themes/: a product's themes, staff only (see lib/staff/api.ts). */
export const { GET, POST, DELETE } = createCurationHandlers('theme', { getDb });
