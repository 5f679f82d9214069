import { createTrackingHandler } from '../../../../lib/tracking/api';
import { trackingQueue } from '../../../../lib/tracking/shared';

/** POST /api/tracking/impressions/: product cards seen (see lib/tracking/api.ts). */
export const POST = createTrackingHandler('impression', { queue: trackingQueue });
