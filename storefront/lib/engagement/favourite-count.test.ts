import { describe, expect, it } from 'vitest';
import { favouriteCountReducer } from './favourite-count';

describe('favouriteCountReducer (SPEC §4)', () => {
  it('increments, decrements and sets the count, never below zero', () => {
    expect(favouriteCountReducer(4, { type: 'increment' })).toBe(5);
    expect(favouriteCountReducer(4, { type: 'decrement' })).toBe(3);
    expect(favouriteCountReducer(0, { type: 'decrement' })).toBe(0);
    expect(favouriteCountReducer(5, { type: 'set', count: 9 })).toBe(9);
  });
});
