import { describe, expect, it } from 'vitest';
import { INITIAL_TRACKING, trackingReducer, type TrackingEvent } from './tracking';

describe('trackingReducer', () => {
  it('counts filter, pagination and sort use and URL changes', () => {
    const events: TrackingEvent[] = [{ type: 'filter' }, { type: 'filter' }, { type: 'pagination' }, { type: 'sort' }, { type: 'url' }, { type: 'url' }, { type: 'url' }];
    expect(events.reduce(trackingReducer, INITIAL_TRACKING)).toEqual({ filterUse: 2, paginationUse: 1, sortUse: 1, urlChanges: 3, clicked: [] });
  });

  it('flags a clicked result once', () => {
    const state = [{ type: 'click', slug: 'sea' }, { type: 'click', slug: 'sky' }, { type: 'click', slug: 'sea' }].reduce(
      (s, e) => trackingReducer(s, e as TrackingEvent),
      INITIAL_TRACKING,
    );
    expect(state.clicked).toEqual(['sea', 'sky']);
  });
});
