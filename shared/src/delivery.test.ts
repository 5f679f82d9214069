import { describe, expect, it } from 'vitest';
import { addWorkingDays, deliveryDays, deliveryWindow, transitDays } from './delivery';

describe('transitDays', () => {
  it.each([
    ['GB', 'GB', { min: 1, max: 3 }],
    ['FR', 'DE', { min: 2, max: 5 }],
    ['GB', 'US', { min: 4, max: 10 }],
    ['JP', 'SG', { min: 4, max: 10 }],
  ])('%s -> %s', (from, to, range) => {
    expect(transitDays(from, to)).toEqual(range);
  });
});

describe('deliveryDays', () => {
  it('adds the dispatch time to the journey', () => {
    expect(deliveryDays(2, 'GB', 'US')).toEqual({ min: 6, max: 12 });
  });
});

describe('addWorkingDays', () => {
  it('skips the weekend', () => {
    // Friday 27 November 2026 + 1 working day is Monday 30 November.
    expect(addWorkingDays(new Date('2026-11-27T15:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(addWorkingDays(new Date('2026-11-25T09:00:00Z'), 5).toISOString().slice(0, 10)).toBe('2026-12-02');
  });
});

describe('deliveryWindow', () => {
  it('gives the first and last day the work should arrive', () => {
    expect(deliveryWindow({ dispatchDays: 2, from: 'GB', to: 'GB' }, new Date('2026-11-30T10:00:00Z'))).toEqual({ earliest: '2026-12-03', latest: '2026-12-07' });
  });
});
