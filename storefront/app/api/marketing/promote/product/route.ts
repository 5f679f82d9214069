import { getDb } from '../../../../../lib/db';
import { createPromoteHandler } from '../../../../../lib/staff/tools-api';

/** POST /api/marketing/promote/product/: staff promotion (see lib/staff/api.ts). */
export const POST = createPromoteHandler({ getDb });
