import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HotCache, toAnswer, VERSION_WAIT_MS } from './cache';

const CHECK_EVERY_MS = 250;

/** A cache over an index whose version the test sets, and a producer that counts its calls. */
function cacheOver(getVersion: () => Promise<string>) {
  const cache = new HotCache({ ttlMs: 60_000, getVersion, checkEveryMs: CHECK_EVERY_MS });
  let produced = 0;
  const get = async () => new TextDecoder().decode((await cache.get('q=sea', async () => toAnswer(`{"answer":${++produced}}`))).body);
  return { get, produced: () => produced };
}

describe('the hot cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a kept answer while the index keeps its version', async () => {
    const { get, produced } = cacheOver(async () => 'v1');
    expect(await get()).toBe('{"answer":1}');
    vi.advanceTimersByTime(CHECK_EVERY_MS * 4);
    expect(await get()).toBe('{"answer":1}');
    expect(produced()).toBe(1);
  });

  it('never serves an answer kept before the index changed, however long nobody searched', async () => {
    let version = 'v1';
    const { get } = cacheOver(async () => version);
    expect(await get()).toBe('{"answer":1}');
    version = 'v2';
    vi.advanceTimersByTime(CHECK_EVERY_MS * 40);
    // The first search after the quiet spell waits for the version it finds changed.
    expect(await get()).toBe('{"answer":2}');
    expect(await get()).toBe('{"answer":2}');
  });

  it('serves what it holds when the version lookup hangs, once VERSION_WAIT_MS has passed', async () => {
    let hang = false;
    const { get, produced } = cacheOver(() => (hang ? new Promise<string>(() => {}) : Promise.resolve('v1')));
    expect(await get()).toBe('{"answer":1}');
    hang = true;
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    let served: string | undefined;
    const answer = get().then((body) => (served = body));
    await vi.advanceTimersByTimeAsync(VERSION_WAIT_MS - 1);
    expect(served).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await answer;
    expect(served).toBe('{"answer":1}');
    expect(produced()).toBe(1);
  });

  it('keeps what it holds when the engine cannot be reached', async () => {
    let reachable = true;
    const { get, produced } = cacheOver(() => (reachable ? Promise.resolve('v1') : Promise.reject(new Error('ECONNREFUSED'))));
    expect(await get()).toBe('{"answer":1}');
    reachable = false;
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(await get()).toBe('{"answer":1}');
    expect(produced()).toBe(1);
  });
});
