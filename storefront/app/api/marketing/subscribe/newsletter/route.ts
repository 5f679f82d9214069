import { getDb } from '../../../../../lib/db';
import { createNewsletterHandler } from '../../../../../lib/account/api';

/** POST /api/marketing/subscribe/newsletter/ (SPEC §7; see lib/account/api.ts). */
export const POST = createNewsletterHandler({ getDb });
