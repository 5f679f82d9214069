import { getDb } from '../../../../lib/db';
import { createStaffIndexHandlers } from '../../../../lib/staff/index-api';
import { getIndexAdmin } from '../../../../lib/staff/shared';

/** GET and POST /api/staff/index/: the search index's figures and its full rebuild, for staff (lib/staff/api.ts). */
export const { GET, POST } = createStaffIndexHandlers({ getDb, getAdmin: getIndexAdmin });
