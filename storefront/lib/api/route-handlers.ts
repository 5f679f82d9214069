import { handle } from 'hono/vercel';
import { getConfig } from '../config';
import { simulatedPayments } from '../checkout/payment';
import { getDb } from '../db';
import { getPhotoStore } from '../listing/process-photo-store';
import { requestLimits } from '../rate-limits';
import { getSearchRecorder } from '../search-analytics/process-recorder';
import { getIndexAdmin } from '../staff/process-index-admin';
import { trackingQueue } from '../tracking/process-queue';
import { createApi } from './app';

/** The process's API, on its database, search service, payments, tracking queue, search recorder, index, log-in limits and photo store. */
export const storefrontApi = createApi({
  getDb, searchServiceUrl: () => getConfig().SEARCH_SERVICE_URL, payments: simulatedPayments, trackingQueue, searchRecorder: getSearchRecorder, getIndexAdmin, loginLimits: () => requestLimits().login, getPhotoStore,
});

/** Every method at every address the API is mounted on goes to it; it answers 405 for what a route does not take. */
const answer = handle(storefrontApi);

export { answer as GET, answer as HEAD, answer as POST, answer as PUT, answer as PATCH, answer as DELETE, answer as OPTIONS };
