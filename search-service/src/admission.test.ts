import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Admission, RefusedError, type Permit } from './admission';

let clock = 0;
const admission = (concurrency: number, budgetMs: number) => new Admission({ concurrency, budgetMs, now: () => clock });
/** Moves the test's clock and its timers together. */
const advance = (ms: number) => {
  clock += ms;
  vi.advanceTimersByTime(ms);
};
/** Whether a promise has settled, and how, without waiting on it. */
function track<T>(promise: Promise<T>): { value?: T; error?: unknown } {
  const state: { value?: T; error?: unknown } = {};
  promise.then((value) => (state.value = value), (error: unknown) => (state.error = error));
  return state;
}
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
});
afterEach(() => vi.useRealTimers());

describe('Admission', () => {
  it('admits up to its concurrency at once, then hands freed slots to the line first come first served', async () => {
    const a = admission(2, 800);
    const [first, second] = await Promise.all([a.acquire(), a.acquire()]);
    expect([first.waitedMs, second.waitedMs]).toEqual([0, 0]);
    const third = track(a.acquire());
    const fourth = track(a.acquire());
    await settle();
    expect([a.inFlight, a.waiting]).toEqual([2, 2]);
    expect(third.value).toBeUndefined();

    advance(30);
    first.release(30);
    await settle();
    // The third waited 30 ms; the fourth still waits.
    expect(third.value?.waitedMs).toBe(30);
    expect(fourth.value).toBeUndefined();
    // A permit released twice frees one slot.
    first.release(30);
    await settle();
    expect(fourth.value).toBeUndefined();
    second.release(30);
    await settle();
    expect(fourth.value?.waitedMs).toBe(30);
  });

  it('refuses at once a search the line cannot get answered within the budget, at the engine\'s recent pace', async () => {
    const a = admission(2, 800);
    // The engine has lately taken 100 ms a search.
    const learnt = await a.acquire();
    learnt.release(100);
    const held: Permit[] = [await a.acquire(), await a.acquire()];
    // Slots free two at a time every 100 ms: a wait of up to 700 ms and a 100 ms search fit 800 ms, so 14 may wait.
    const line = Array.from({ length: 14 }, () => track(a.acquire()));
    await settle();
    expect(line.every((w) => w.error === undefined)).toBe(true);
    await expect(a.acquire()).rejects.toBeInstanceOf(RefusedError);
    expect(a.waiting).toBe(14);
    held.forEach((p) => p.release(100));
  });

  it('counts an engine slower than its average at its slower pace: a stalled engine shortens the line', async () => {
    const a = admission(1, 800);
    const learnt = await a.acquire();
    learnt.release(10);
    const stalled = await a.acquire();
    advance(300);
    const waiting = track(a.acquire());
    await settle();
    expect(waiting.error).toBeUndefined();
    advance(200);
    // 500 ms at the engine: a second in line would wait 1000 ms.
    await expect(a.acquire()).rejects.toBeInstanceOf(RefusedError);
    stalled.release(500);
    await settle();
    expect(waiting.value?.waitedMs).toBe(200);
  });

  it('refuses a waiting search once waiting longer would leave the engine less than its pace', async () => {
    const a = admission(1, 800);
    const learnt = await a.acquire();
    learnt.release(100);
    const held = await a.acquire();
    const waiting = track(a.acquire());
    advance(699);
    await settle();
    expect(waiting.error).toBeUndefined();
    advance(1);
    await settle();
    expect(waiting.error).toBeInstanceOf(RefusedError);
    expect(a.waiting).toBe(0);
    // The slot then freed goes to no one: the next comes straight in.
    held.release(800);
    expect((await a.acquire()).waitedMs).toBe(0);
  });

  it('learns a slower pace from slow answers and time-outs, and a faster one again after', async () => {
    const a = admission(1, 800);
    for (let i = 0; i < 30; i++) (await a.acquire()).release(800);
    const held = await a.acquire();
    // At 800 ms a search, nothing fits beside the one at the engine.
    await expect(a.acquire()).rejects.toBeInstanceOf(RefusedError);
    held.release(800);
    for (let i = 0; i < 60; i++) (await a.acquire()).release(10);
    const again = await a.acquire();
    const waiting = track(a.acquire());
    await settle();
    expect(waiting.error).toBeUndefined();
    again.release(10);
  });
});
