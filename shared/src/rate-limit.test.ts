import { describe, expect, it } from 'vitest';
import { clientAddress, createRateLimit } from './rate-limit';

describe('clientAddress', () => {
  const trusted = ['127.0.0.1', '10.0.0.2'];
  it.each([
    // [peer, X-Forwarded-For, key]
    ['203.0.113.7', null, '203.0.113.7'],
    ['203.0.113.7', '198.51.100.1', '203.0.113.7'], // an untrusted peer's header is ignored
    ['::ffff:203.0.113.7', '198.51.100.1', '203.0.113.7'],
    ['127.0.0.1', null, '127.0.0.1'],
    ['127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['::ffff:127.0.0.1', '198.51.100.1', '198.51.100.1'],
    // A client's made-up entries sit left of what the trusted proxies appended.
    ['127.0.0.1', '1.1.1.1, 198.51.100.1', '198.51.100.1'],
    ['127.0.0.1', '1.1.1.1, 198.51.100.1, 10.0.0.2', '198.51.100.1'],
    ['127.0.0.1', '10.0.0.2', '10.0.0.2'],
    ['127.0.0.1', 'not-an-address', 'not-an-address'],
    [undefined, '198.51.100.1', 'unknown'],
  ] as const)('peer %s forwarding %s is counted as %s', (peer, forwardedFor, key) => {
    expect(clientAddress(peer, forwardedFor, trusted)).toBe(key);
  });
});

describe('createRateLimit', () => {
  it('refuses the request after the limit with a wait, for that address only', async () => {
    const limit = createRateLimit(3);
    for (let i = 0; i < 3; i += 1) expect(await limit.take('a')).toEqual({ allowed: true });
    const refused = await limit.take('a');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterS).toBeGreaterThanOrEqual(1);
    expect(await limit.take('b')).toEqual({ allowed: true });
  });

  it('peek says whether one more would pass and counts nothing; a longer window waits longer', async () => {
    const limit = createRateLimit(2, undefined, 900);
    for (let i = 0; i < 5; i += 1) expect(await limit.peek('a')).toEqual({ allowed: true });
    await limit.take('a');
    expect(await limit.peek('a')).toEqual({ allowed: true });
    await limit.take('a');
    const over = await limit.peek('a');
    expect(over.allowed).toBe(false);
    if (!over.allowed) expect(over.retryAfterS).toBeGreaterThan(60);
    expect(await limit.peek('b')).toEqual({ allowed: true });
  });

  it('0 turns the limit off', async () => {
    const limit = createRateLimit(0);
    for (let i = 0; i < 50; i += 1) expect(await limit.take('a')).toEqual({ allowed: true });
  });
});
