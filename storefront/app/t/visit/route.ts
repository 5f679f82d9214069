import { createTrackingHandler } from '../../../lib/tracking/api';
import { trackingQueue } from '../../../lib/tracking/shared';

/** POST /t/visit/: the first page of a browser session (see lib/tracking/api.ts). */
export const POST = createTrackingHandler('visit', { queue: trackingQueue });
