import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { keptPageKind, namesSession, pageCacheKey, PageCache, type KeptPageRequest } from './page-cache';

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

  it("leaves out the session of a homepage's or product page's request: the page is every visitor's with those settings", () => {
    const inDollars = pageCacheKey('GET', '/', { ...visitor, cookie: 'af-currency=USD' });
    expect(pageCacheKey('GET', '/', { ...visitor, cookie: 'sessionid=abc; af-currency=USD' })).toBe(inDollars);
    expect(pageCacheKey('GET', '/', { ...visitor, cookie: 'af-currency=USD;  sessionid =xyz' })).toBe(inDollars);
    expect(pageCacheKey('GET', '/', { ...visitor, cookie: 'sessionid=abc' })).toBe(pageCacheKey('GET', '/', visitor));
    expect(pageCacheKey('GET', '/product/sea/', { ...visitor, cookie: 'sessionid=abc' })).toBe(pageCacheKey('GET', '/product/sea/', visitor));
    // Two sessions named: the page might read either.
    expect(pageCacheKey('GET', '/', { ...visitor, cookie: 'sessionid=abc; sessionid=def' })).toBeUndefined();
    expect([namesSession({ cookie: 'af-currency=USD; sessionid=abc' }), namesSession({ cookie: 'af-currency=USD' }), namesSession({})]).toEqual([true, false, false]);
  });

  it.each([
    ['a session', 'GET', { cookie: 'af-currency=USD; sessionid=abc' }],
    ['a session alone', 'GET', { cookie: 'sessionid=abc' }],
    ['a session, spaced', 'GET', { cookie: 'af-currency=USD; sessionid =abc' }],
    ['a HEAD', 'HEAD', {}],
    ["Next.js's RSC request", 'GET', { rsc: '1' }],
    ["Next.js's prefetch", 'GET', { 'next-router-prefetch': '1' }],
  ])('is none for %s: that page is rendered', (_, method, headers) => {
    expect(pageCacheKey(method, '/shop/', { ...visitor, ...headers })).toBeUndefined();
  });
});

describe('a kept page', () => {
  /** A server whose one page goes through a PageCache, with `request` as each visit's view of it. */
  async function pageServer(request: () => KeptPageRequest, html: string) {
    const cache = new PageCache(1024 * 1024);
    let renders = 0;
    const server = createServer((_, res) => {
      void cache.answer(request(), res, () => {
        renders += 1;
        // As Next.js answers: headers set one by one, which the cache reads back.
        res.setHeader('content-type', 'text/html');
        res.setHeader('content-security-policy', "script-src 'self' 'nonce-N0n/ce=='");
        res.end(html);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return {
      visit: async () => {
        const response = await fetch(url);
        // Kept once the answer has finished, a moment after the visitor had it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { hit: response.headers.get('x-page-cache') === 'hit', policy: response.headers.get('content-security-policy'), html: await response.text() };
      },
      renders: () => renders,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it("writes each answer's own nonce and search id, recorded with the kept search's count", async () => {
    const recorded: number[] = [];
    const html = '<html><script nonce="N0n/ce=="></script><li data-search-id="s0">a</li><li data-search-id="s0">b</li></html>';
    const pages = await pageServer(() => ({
      key: 'k', validator: async () => '"A"',
      search: { renderedId: () => 's0', shown: async () => ({ count: 7, validator: '"A"' }), record: async (count) => `s${recorded.push(count)}` },
    }), html);
    await pages.visit();
    await pages.visit();
    const kept = await pages.visit();
    await pages.close();
    expect(kept.hit).toBe(true);
    expect(pages.renders()).toBe(2);
    const nonce = /'nonce-([^']+)'/.exec(kept.policy ?? '')![1]!;
    expect(nonce).not.toBe('N0n/ce==');
    expect(kept.html).toBe(`<html><script nonce="${nonce}"></script><li data-search-id="s1">a</li><li data-search-id="s1">b</li></html>`);
    expect(recorded).toEqual([7]);
  });

  it('is served to a session the page shows nothing of, and never kept from a render for a session', async () => {
    let session: { shows: boolean } | undefined;
    const pages = await pageServer(() => ({
      key: 'k', validator: async () => '"A"', ...(session ? { showsSession: async () => session!.shows } : {}),
    }), '<html><script nonce="N0n/ce=="></script><p>home</p></html>');
    // Rendered for sessions only: nothing is kept.
    session = { shows: false };
    for (let i = 0; i < 3; i++) expect((await pages.visit()).hit).toBe(false);
    // Kept from visitors' renders, it is served to a session that shows nothing, not to one that shows something.
    session = undefined;
    await pages.visit();
    await pages.visit();
    expect((await pages.visit()).hit).toBe(true);
    session = { shows: false };
    expect((await pages.visit()).hit).toBe(true);
    session = { shows: true };
    expect((await pages.visit()).hit).toBe(false);
    expect(pages.renders()).toBe(6);
    await pages.close();
  });

  it('is kept under the validator of the answer its render showed, not the one read before the render', async () => {
    let read = '"A"';
    const pages = await pageServer(() => ({
      key: 'k', validator: async () => read,
      search: { renderedId: () => 's0', shown: async () => ({ count: 1, validator: '"B"' }), record: async () => 's1' },
    }), '<html><script nonce="N0n/ce=="></script><p data-search-id="s0"></p></html>');
    await pages.visit();
    await pages.visit();
    // Read as "A" before its render, the page showed "B": it is not served while the search reads "A".
    expect((await pages.visit()).hit).toBe(false);
    read = '"B"';
    expect((await pages.visit()).hit).toBe(true);
    await pages.close();
  });
});
