import { createTrackingHandler } from '../../../lib/tracking/api';
import { trackingQueue } from '../../../lib/tracking/shared';

/** POST /t/event/: page views (see lib/tracking/api.ts). */
export const POST = createTrackingHandler('page_view', { queue: trackingQueue });
