import fc from 'fast-check';
import { getPath } from 'hono/utils/url';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, fuzzTimeout } from '../../../data/test/fuzz';
import { proxy } from '../../proxy';
import { createApi } from '../../lib/api/app';
import { canonicalPath, judgeRequestLine, routePath } from '../../lib/request-target';

/**
 * Every route of the storefront's API, its path spelled every way a client can spell it: each
 * character %-escaped or not (either case of hex), slashes doubled. server.ts hands Next.js the
 * one canonical path, the proxy decides on that same path (and rewrites a path it sees spelled
 * another way to it), and Hono, which runs the route, reads exactly the path that was decided
 * on. A spelling that would name something else (a dot segment, an escaped slash, bytes that are
 * not UTF-8) is refused before any route.
 */

const never = () => {
  throw new Error('no route runs in this test');
};
const api = createApi({ getDb: never, searchServiceUrl: never, payments: { charge: never }, trackingQueue: {} as never, searchRecorder: never, getIndexAdmin: never, loginLimits: never, getPhotoStore: never });

/** Each route's path with its parameters filled in: '/api/product/:slug/' -> '/api/product/blue-harbour/'. */
const ROUTES = [...new Map(api.routes
  .filter((route) => route.method !== 'ALL')
  .map((route) => {
    const path = route.path.replace(/:\w+(\{[^}]*\})?/g, 'blue-harbour').replace(/\*$/, 'more/');
    return [`${route.method} ${path}`, { method: route.method, path }] as const;
  })).values()];

/** A spelling of `path`: any character %-escaped (upper- or lower-case hex), any slash doubled. */
const spelling = (path: string) => fc
  .array(fc.record({ escape: fc.boolean(), upper: fc.boolean(), double: fc.integer({ min: 0, max: 4 }) }), { minLength: path.length, maxLength: path.length })
  .map((choices) => [...path].map((char, i) => {
    const { escape, upper, double } = choices[i]!;
    if (char === '/') return double === 0 ? '//' : '/';
    if (!escape) return char;
    const hex = [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    return upper ? hex.toUpperCase() : hex;
  }).join(''));

const routeAndSpelling = fc.constantFrom(...ROUTES).chain((route) => spelling(route.path).map((raw) => ({ ...route, raw })));

/** What the router runs for a request to `url`: Hono's own reading of its path. */
const routerPath = (url: string) => getPath(new Request(url));

describe('every route, however its path is spelled', () => {
  it(`covers the API's ${ROUTES.length} routes`, () => {
    expect(ROUTES.length).toBeGreaterThan(40);
  });

  it('server.ts, the proxy and the router all read the plain path', async () => {
    await fc.assert(fc.asyncProperty(routeAndSpelling, async ({ method, path, raw }) => {
      expect(routePath(raw)).toEqual({ path });
      // npm start: server.ts hands Next.js the canonical path, which the router reads as the plain one.
      const line = judgeRequestLine(method, `${raw}?q=1`);
      expect(line.target).toBe(`${canonicalPath(path)}?q=1`);
      expect(routerPath(`http://shop.test${line.target}`)).toBe(path);
      // A bare next start: the proxy hands the route the path it decided on.
      const decided = await proxy(new NextRequest(`http://shop.test${raw}`, { method, headers: { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': '192.0.2.200' } }));
      if (decided.status === 429) return;
      expect(decided.status).toBe(200);
      const handedOn = decided.headers.get('x-middleware-rewrite') ?? `http://shop.test${raw}`;
      expect(routerPath(handedOn)).toBe(path);
    }), { numRuns: fuzzRuns() });
  }, fuzzTimeout(fuzzRuns()));

  it('a spelling that would name something else is refused before any route', () => {
    const hostile = fc.constantFrom('%2f', '%2F', '%5c', '/.', '/..', '/%2e', '/%2E%2e', '%ff', '%C3', '%', '%25', '%00', '%3f', '%23');
    fc.assert(fc.property(routeAndSpelling, hostile, fc.nat(), ({ method, raw }, bad, at) => {
      const cut = raw.lastIndexOf('/', raw.length - 2) + 1 + (at % 3);
      const target = `${raw.slice(0, cut)}${bad}${bad.startsWith('/') ? '/' : ''}${raw.slice(cut)}`;
      expect(judgeRequestLine(method, target).refusal?.status).toBe(400);
    }), { numRuns: fuzzRuns() });
  });
});
