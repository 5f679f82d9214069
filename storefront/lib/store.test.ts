import { describe, expect, it } from 'vitest';
import { shouldLoad, shouldUpdate, type LoadStatus } from './store';

describe('the loadable states (SPEC §4)', () => {
  it.each<[LoadStatus, boolean, boolean]>([
    ['idle', true, true],
    ['loading', false, true],
    ['updating', true, false],
    ['succeeded', false, true],
    ['failed', true, true],
  ])('%s: loads %s, saves %s', (status, load, update) => {
    expect(shouldLoad(status)).toBe(load);
    expect(shouldUpdate(status)).toBe(update);
  });
});
