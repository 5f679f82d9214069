import { createTrackingHandler } from '../../../../lib/tracking/api';
import { trackingQueue } from '../../../../lib/tracking/shared';

/** POST /api/tracking/clicks/: product cards clicked (see lib/tracking/api.ts). */
export const POST = createTrackingHandler('click', { queue: trackingQueue });
