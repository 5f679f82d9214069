import { getDb } from '../db';
import { TrackingQueue } from './queue';

/** The process's one tracking queue, shared by the four endpoints. */
export const trackingQueue = new TrackingQueue(getDb);

// Events still queued when the server is told to stop are written first, where the stop allows it.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void trackingQueue.flush());
