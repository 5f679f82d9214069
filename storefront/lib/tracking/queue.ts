import type { Db } from '@easel/data/db';
import { insertTrackingEvents, type NewTrackingEvent } from '@easel/data/queries/tracking';

/**
 * Tracking events wait here and are written to SQLite together, in one transaction, every
 * FLUSH_INTERVAL_MS or as soon as FLUSH_AT have gathered: a burst of beacons costs one write
 * instead of one per request, and the endpoint answers before any of them. A failed write keeps
 * the events for the next attempt; past MAX_WAITING the queue refuses more (the endpoint answers
 * 503) rather than growing without bound while the database is away.
 */
const FLUSH_INTERVAL_MS = 500;
const FLUSH_AT = 500;
const MAX_WAITING = 20_000;

export class TrackingQueue {
  private waiting: NewTrackingEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly getDb: () => Promise<Db>) {}

  /** Queues a whole batch, or none of it when the queue is full (false). */
  add(events: readonly NewTrackingEvent[]): boolean {
    if (this.waiting.length + events.length > MAX_WAITING) return false;
    this.waiting.push(...events);
    if (this.waiting.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
    return true;
  }

  /** Writes everything queued so far; resolves once it is stored (or the attempt failed and was reported). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // One write at a time, in arrival order.
    this.flushing = this.flushing.then(async () => {
      const batch = this.waiting;
      if (batch.length === 0) return;
      this.waiting = [];
      try {
        await insertTrackingEvents(await this.getDb(), batch);
      } catch (error) {
        console.error(`tracking: could not store ${batch.length} events; trying again shortly:`, error);
        this.waiting = [...batch, ...this.waiting].slice(0, MAX_WAITING);
        this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
      }
    });
    return this.flushing;
  }
}
