import { describe, expect, it } from 'vitest';
import { createLoadable, shouldLoad, shouldUpdate, type LoadStatus } from './loadable';

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

describe('createLoadable', () => {
  it('goes idle -> loading -> succeeded, and loads only once', async () => {
    let calls = 0;
    const section = createLoadable(async () => ++calls);
    expect(section.getState()).toEqual({ status: 'idle', data: undefined, error: null });
    const first = section.load();
    expect(section.getState().status).toBe('loading');
    await Promise.all([first, section.load()]);
    await section.load();
    expect(section.getState()).toEqual({ status: 'succeeded', data: 1, error: null });
    expect(calls).toBe(1);
  });

  it('stores the error when loading fails, and loads again when asked', async () => {
    let fail = true;
    const section = createLoadable(async () => {
      if (fail) throw new Error('Invalid data format');
      return 'ok';
    });
    await section.load();
    expect(section.getState()).toEqual({ status: 'failed', data: undefined, error: 'Invalid data format' });
    fail = false;
    await section.load();
    expect(section.getState()).toEqual({ status: 'succeeded', data: 'ok', error: null });
  });

  it('may start failed with the server\'s reason, keep it while the browser loads, and clear it on success', async () => {
    let finish: (value: string) => void = () => {};
    const section = createLoadable(() => new Promise<string>((resolve) => (finish = resolve)), { status: 'failed', error: 'Failed to load from SSR' });
    expect(section.getState()).toEqual({ status: 'failed', data: undefined, error: 'Failed to load from SSR' });
    const loading = section.load();
    expect(section.getState()).toEqual({ status: 'loading', data: undefined, error: 'Failed to load from SSR' });
    finish('featured');
    await loading;
    expect(section.getState()).toEqual({ status: 'succeeded', data: 'featured', error: null });
  });
});
