import { describe, expect, it } from 'vitest';
import { arrivalText } from './delivery';

describe('arrivalText', () => {
  it('names the days the work should arrive, in each English', () => {
    const monday = new Date('2026-11-30T10:00:00Z');
    expect(arrivalText({ dispatch_days: 2, ships_from: 'GB' }, 'GB', 'en-gb', monday)).toBe('3\u2009–\u20097 Dec');
    expect(arrivalText({ dispatch_days: 2, ships_from: 'GB' }, 'GB', 'en-us', monday)).toBe('Dec 3\u2009–\u20097');
    // Further away and slower to dispatch: later, and a wider window.
    expect(arrivalText({ dispatch_days: 5, ships_from: 'GB' }, 'US', 'en-gb', monday)).toBe('11\u2009–\u200921 Dec');
  });
});
