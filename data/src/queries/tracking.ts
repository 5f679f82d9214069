import type { Insertable } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { TrackingEventsTable } from '../schema';

export type NewTrackingEvent = Insertable<TrackingEventsTable>;

/** Rows per INSERT statement: three columns each stays well inside SQLite's bound-variable limit. */
const ROWS_PER_STATEMENT = 500;

/** Stores a batch of tracking events in one transaction: all of them or, on failure, none. */
export async function insertTrackingEvents(db: Db, events: readonly NewTrackingEvent[]): Promise<void> {
  if (events.length === 0) return;
  await inTransaction(db, async (trx) => {
    for (let i = 0; i < events.length; i += ROWS_PER_STATEMENT) {
      await trx.insertInto('tracking_events').values(events.slice(i, i + ROWS_PER_STATEMENT)).execute();
    }
  });
}
