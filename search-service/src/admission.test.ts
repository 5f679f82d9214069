import { describe, expect, it } from 'vitest';
import { AdaptiveLimit, type Permit } from './admission';

/**
 * More searches than the limit admits, arriving all the time, at an engine that answers
 * `capacity` of them at once in 10 ms and queues the rest (Little's law: the latency grows with
 * the searches in flight beyond its capacity). Each step the admitted searches fill the limit,
 * then the ten oldest end.
 */
function overload(limit: AdaptiveLimit, capacity: number, steps: number, inFlight: Permit[] = []): Permit[] {
  for (let step = 0; step < steps; step++) {
    for (let p = limit.tryAcquire(); p; p = limit.tryAcquire()) inFlight.push(p);
    const rttMs = 10 * Math.max(1, inFlight.length / capacity);
    for (const p of inFlight.splice(0, 10)) p.release({ rttMs, overloaded: false });
  }
  return inFlight;
}

describe('AdaptiveLimit', () => {
  it('refuses beyond the limit at once, and admits again as searches end', () => {
    const limit = new AdaptiveLimit({ initial: 2, min: 2, max: 2 });
    const [a, b] = [limit.tryAcquire(), limit.tryAcquire()];
    expect(a && b).toBeDefined();
    expect(limit.tryAcquire()).toBeUndefined();
    a!.release({ rttMs: 5, overloaded: false });
    // A permit released twice counts once.
    a!.release({ rttMs: 5, overloaded: false });
    expect(limit.inFlight).toBe(1);
    expect(limit.tryAcquire()).toBeDefined();
  });

  it('grows while the engine answers as fast as usual, and stops short of where its queue grows', () => {
    const limit = new AdaptiveLimit({ initial: 8, min: 4, max: 1000 });
    overload(limit, 40, 2000);
    // Up to twice the engine's capacity still answers within the tolerance (twice the usual latency).
    expect(limit.limit).toBeGreaterThan(40);
    expect(limit.limit).toBeLessThan(120);
  });

  it('does not grow while the engine is asked for little', () => {
    const limit = new AdaptiveLimit({ initial: 16, min: 4, max: 200 });
    for (let i = 0; i < 100; i++) limit.tryAcquire()!.release({ rttMs: 10, overloaded: false });
    expect(limit.limit).toBe(16);
  });

  it('shrinks when the engine can take less, and grows back once it can take more again', () => {
    const limit = new AdaptiveLimit({ initial: 8, min: 4, max: 1000 });
    const inFlight = overload(limit, 40, 2000);
    const before = limit.limit;
    overload(limit, 5, 2000, inFlight);
    const slowed = limit.limit;
    expect(slowed).toBeLessThan(before / 2);
    overload(limit, 40, 2000, inFlight);
    expect(limit.limit).toBeGreaterThan(slowed * 2);
  });

  it('drops by a tenth for each search the engine could not answer, down to the minimum', () => {
    const limit = new AdaptiveLimit({ initial: 100, min: 10, max: 200 });
    limit.tryAcquire()!.release({ rttMs: 1000, overloaded: true });
    expect(limit.limit).toBe(90);
    for (let i = 0; i < 100; i++) limit.tryAcquire()!.release({ rttMs: 1000, overloaded: true });
    expect(limit.limit).toBe(10);
  });
});
