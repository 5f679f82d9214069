import { afterEach, describe, expect, it, vi } from 'vitest';
import { SSR_FAILURE, ssrBudget } from './ssr-budget';

afterEach(() => {
  vi.restoreAllMocks();
});

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('ssrBudget', () => {
  it('answers the data of every section in time, and leaves a late one to the browser', async () => {
    const within = ssrBudget(60);
    const [quick, slow] = await Promise.all([within('quick', () => after(5, 'a')), within('slow', () => after(500, 'b'))]);
    expect(quick).toEqual({ ok: true, data: 'a' });
    expect(slow).toEqual({ ok: false, error: null });
  });

  it('shares one deadline: a section started late gets only what is left of the budget', async () => {
    const within = ssrBudget(80);
    await after(60, null);
    expect(await within('late start', () => after(40, 'c'))).toEqual({ ok: false, error: null });
  });

  it('records a failure as Failed to load from SSR, without throwing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const outcome = await ssrBudget(100)('featured art', () => Promise.reject(new Error('database is locked')));
    expect(outcome).toEqual({ ok: false, error: SSR_FAILURE });
    expect(SSR_FAILURE).toBe('Failed to load from SSR');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('featured art'), expect.objectContaining({ message: 'database is locked' }));
  });

  it('starts nothing with a budget of 0', async () => {
    const load = vi.fn(() => Promise.resolve('d'));
    expect(await ssrBudget(0)('any', load)).toEqual({ ok: false, error: null });
    expect(load).not.toHaveBeenCalled();
  });
});
