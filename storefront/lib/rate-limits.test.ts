import type { IncomingHttpHeaders } from 'node:http';
import { NextRequest } from 'next/server';
import { describe, expect, inject, it } from 'vitest';
import { openTemporaryDatabase } from '../../data/test/fixtures';
import { proxy } from '../proxy';
import { apiErrorBodySchema } from '@easel/shared/api-error-body';
import { createRequestLimits, settleForwardedHeaders } from './rate-limits';

const LIMITS = { RATE_LIMIT_SEARCH_PER_MINUTE: 5, RATE_LIMIT_LOGIN_PER_MINUTE: 3, RATE_LIMIT_JOIN_PER_MINUTE: 2, RATE_LIMIT_CHECKOUT_PER_MINUTE: 4, RATE_LIMIT_LISTING_PER_MINUTE: 3, RATE_LIMIT_MEDIA_PER_MINUTE: 6 };
const request = (method: string, path: string, address: string) =>
  new NextRequest(`http://shop.test${path}`, { method, headers: { 'x-forwarded-for': address, 'sec-fetch-site': 'same-origin' } });

describe('createRequestLimits', () => {
  it.each([
    ['GET', '/api/v2/search/?q=sea', LIMITS.RATE_LIMIT_SEARCH_PER_MINUTE],
    ['POST', '/api/account/password/forgot/', LIMITS.RATE_LIMIT_JOIN_PER_MINUTE],
    ['POST', '/api/account/password/reset/', LIMITS.RATE_LIMIT_JOIN_PER_MINUTE],
    ['POST', '/api/account/join/', LIMITS.RATE_LIMIT_JOIN_PER_MINUTE],
    ['POST', '/api/checkout/', LIMITS.RATE_LIMIT_CHECKOUT_PER_MINUTE],
    ['POST', '/api/checkout/order/', LIMITS.RATE_LIMIT_CHECKOUT_PER_MINUTE],
    ['POST', '/api/artist/works/12/photos/', LIMITS.RATE_LIMIT_LISTING_PER_MINUTE],
    ['PUT', '/api/artist/works/12/photos/', LIMITS.RATE_LIMIT_LISTING_PER_MINUTE],
    ['DELETE', '/api/artist/works/12/photos/3/', LIMITS.RATE_LIMIT_LISTING_PER_MINUTE],
    ['GET', '/media/art/painting/land/main/7/blue/1000/320.webp', LIMITS.RATE_LIMIT_MEDIA_PER_MINUTE],
    ['GET', '/media/photos/0123456789abcdef0123456789abcdef/640.webp', LIMITS.RATE_LIMIT_MEDIA_PER_MINUTE],
  ] as const)('%s %s: the request over the limit is a 429 with Retry-After; another address is unaffected', async (method, path, limit) => {
    const limits = createRequestLimits(LIMITS);
    for (let i = 0; i < limit; i += 1) expect(await limits.check(request(method, path, '203.0.113.1'), path.split('?')[0]!)).toBeNull();
    const refused = await limits.check(request(method, path, '203.0.113.1'), path.split('?')[0]!);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(apiErrorBodySchema.parse(await refused?.json()).error.code).toBe('rate_limited');
    expect(await limits.check(request(method, path, '203.0.113.2'), path.split('?')[0]!)).toBeNull();
  });

  it('counts each limit on its own, and leaves other paths and methods alone', async () => {
    const limits = createRequestLimits(LIMITS);
    for (let i = 0; i < LIMITS.RATE_LIMIT_JOIN_PER_MINUTE; i += 1) await limits.check(request('POST', '/api/account/join/', '203.0.113.3'), '/api/account/join/');
    expect(await limits.check(request('POST', '/api/account/join/', '203.0.113.3'), '/api/account/join/')).not.toBeNull();
    // The log-in's limits count failures, in its route (LoginLimits), not every request here.
    expect(await limits.check(request('POST', '/api/account/login/', '203.0.113.3'), '/api/account/login/')).toBeNull();
    for (let i = 0; i < 20; i += 1) {
      expect(await limits.check(request('GET', '/api/account/', '203.0.113.3'), '/api/account/')).toBeNull();
      expect(await limits.check(request('GET', '/api/account/login/', '203.0.113.3'), '/api/account/login/')).toBeNull();
    }
  });

  it('counts asking for a password link and following one in the join count', async () => {
    const limits = createRequestLimits(LIMITS);
    const post = (path: string) => limits.check(request('POST', path, '203.0.113.5'), path);
    expect(await post('/api/account/join/')).toBeNull();
    expect(await post('/api/account/password/forgot/')).toBeNull();
    expect((await post('/api/account/password/reset/'))?.status).toBe(429);
  });

  it('counts a HEAD as the GET it is: a picture asked for with HEAD is limited too', async () => {
    const limits = createRequestLimits(LIMITS);
    const picture = '/media/art/painting/land/main/7/blue/1000/320.webp';
    for (let i = 0; i < LIMITS.RATE_LIMIT_MEDIA_PER_MINUTE; i += 1) expect(await limits.check(request(i % 2 ? 'HEAD' : 'GET', picture, '203.0.113.4'), picture)).toBeNull();
    expect((await limits.check(request('HEAD', picture, '203.0.113.4'), picture))?.status).toBe(429);
  });
});

describe.runIf(inject('postgres'))('createRequestLimits on PostgreSQL', () => {
  it('counts a client once across replicas, whichever one each request reaches', async () => {
    const temp = await openTemporaryDatabase('shared-limits');
    const config = { ...LIMITS, DATABASE_URL: temp.location };
    // Replicas that start together all make the counters' table at once.
    const replicas = Array.from({ length: 4 }, () => createRequestLimits(config));
    const join = () => request('POST', '/api/account/join/', '203.0.113.7');
    const answers = [];
    for (const replica of [...replicas, ...replicas]) answers.push((await replica.check(join(), '/api/account/join/'))?.status ?? 'allowed');
    expect(answers).toEqual(['allowed', 'allowed', 429, 429, 429, 429, 429, 429]);
    // Failed log-ins too are counted once across replicas.
    for (const replica of replicas.slice(0, 3)) await replica.login.failed('ada@example.com', '203.0.113.7');
    expect(await replicas[3]!.login.check('ada@example.com', '203.0.113.7')).toMatchObject({ message: expect.stringMatching(/^Too many requests from this address/) });
    await temp.close();
  });
});

describe('settleForwardedHeaders (server.ts)', () => {
  const settled = (peer: string, headers: IncomingHttpHeaders, trusted: string[] = []) => {
    const copy = { ...headers };
    settleForwardedHeaders(copy, peer, trusted);
    return copy;
  };

  it('a client\'s own X-Forwarded-For does not change whose requests it counts as', () => {
    expect(settled('203.0.113.9', {})['x-forwarded-for']).toBe('203.0.113.9');
    expect(settled('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' })['x-forwarded-for']).toBe('203.0.113.9');
    expect(settled('::ffff:203.0.113.9', { 'x-forwarded-for': '198.51.100.1, 10.0.0.1' })['x-forwarded-for']).toBe('203.0.113.9');
  });

  it('a trusted proxy\'s X-Forwarded-For names the client, read from the right', () => {
    expect(settled('10.0.0.5', { 'x-forwarded-for': 'made-up, 198.51.100.1' }, ['10.0.0.5'])['x-forwarded-for']).toBe('198.51.100.1');
  });

  it('drops the other X-Forwarded-* headers unless a trusted proxy sent them', () => {
    const forwarded = { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' };
    expect(settled('203.0.113.9', forwarded)).toEqual({ 'x-forwarded-for': '203.0.113.9' });
    expect(settled('10.0.0.5', forwarded, ['10.0.0.5'])).toEqual({ ...forwarded, 'x-forwarded-for': '10.0.0.5' });
  });
});

describe('proxy.ts applies the limits', () => {
  it('the eleventh join a minute from one address is refused with the default limit, before the route runs', async () => {
    const join = () => proxy(request('POST', '/api/account/join/', '192.0.2.44'));
    for (let i = 0; i < 10; i += 1) expect((await join()).status).toBe(200);
    const refused = await join();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
