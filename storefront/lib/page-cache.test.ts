import { describe, expect, it } from 'vitest';
import { keptPageKind, pageCacheKey } from './page-cache';

const IPHONE_IOS_16 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const visitor = { host: 'easel.example', 'user-agent': DESKTOP };

describe('the pages the page cache keeps', () => {
  it.each([
    ['/', 'home'],
    ['/?ref=mail', 'home'],
    ['/product/forest-floor-gardner-medhurst/', 'product'],
    ['/shop/', 'gallery'],
    ['/shop/painting/oil/?colours=blue', 'gallery'],
    ['/product/forest-floor/edit/', undefined],
    ['/basket/', undefined],
    ['/artist/hanna-hansen/', undefined],
    ['/account/', undefined],
    ['/staff/index/', undefined],
  ])('%s: %s', (target, kind) => {
    expect(keptPageKind(target)).toBe(kind);
  });
});

describe("a request's key in the page cache", () => {
  it("is the host, the address, the cookies and whether the browser zooms: a page is never another's", () => {
    const keys = [
      pageCacheKey('GET', '/shop/', visitor),
      pageCacheKey('GET', '/shop/?colours=blue', visitor),
      pageCacheKey('GET', '/shop/', { ...visitor, host: 'shop.example' }),
      pageCacheKey('GET', '/shop/', { ...visitor, cookie: 'af-currency=USD' }),
      pageCacheKey('GET', '/shop/', { ...visitor, 'user-agent': IPHONE_IOS_16 }),
    ];
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    expect(pageCacheKey('GET', '/shop/', { ...visitor })).toBe(keys[0]);
  });

  it.each([
    ['a session', 'GET', { cookie: 'af-currency=USD; sessionid=abc' }],
    ['a session alone', 'GET', { cookie: 'sessionid=abc' }],
    ['a HEAD', 'HEAD', {}],
    ["Next.js's RSC request", 'GET', { rsc: '1' }],
    ["Next.js's prefetch", 'GET', { 'next-router-prefetch': '1' }],
  ])('is none for %s: that page is rendered', (_, method, headers) => {
    expect(pageCacheKey(method, '/shop/', { ...visitor, ...headers })).toBeUndefined();
  });
});
