import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { getFreePort } from '@easel/shared/process';
import { proxy } from '../../proxy';
import { createApi } from '../api/app';
import { createSimulatedPayments } from '../checkout/payment';
import { requestLimits } from '../rate-limits';
import { getPhotoStore } from '../listing/process-photo-store';
import { judgeRequestLine } from '../request-target';
import { createIndexAdmin } from '../staff/index-admin';
import { TrackingQueue } from '../tracking/queue';

/**
 * Every rate-limited path, spelled every way a client can spell it, is limited exactly as the
 * path it spells: the request goes the way it goes in production (server.ts's reading of the
 * request line, then proxy.ts, then the API's router), and also without server.ts (a bare
 * `next start`), where the proxy alone must hold.
 */

// The process's limits, small so that a test reaches them; read once, when the proxy first counts.
const LIMITS = { RATE_LIMIT_SEARCH_PER_MINUTE: 5, RATE_LIMIT_LOGIN_PER_MINUTE: 3, RATE_LIMIT_JOIN_PER_MINUTE: 3, RATE_LIMIT_CHECKOUT_PER_MINUTE: 4 };
Object.assign(process.env, Object.fromEntries(Object.entries(LIMITS).map(([name, value]) => [name, String(value)])));

let temp: TemporaryDatabase;
let api: ReturnType<typeof createApi>;
beforeAll(async () => {
  temp = await openTemporaryDatabase('path-encodings');
  const closedPort = await getFreePort();
  const getDb = async () => temp.db;
  api = createApi({
    getDb,
    // Nothing listens there: the suggestions answer 503, after the limit has counted them.
    searchServiceUrl: () => `http://127.0.0.1:${closedPort}`,
    payments: createSimulatedPayments(() => Promise.reject(new Error('no payment is taken by these requests'))),
    trackingQueue: new TrackingQueue(getDb),
    searchRecorder: () => {
      throw new Error('no search is answered by these requests');
    },
    getIndexAdmin: () => createIndexAdmin({ getDb, indexerUrl: undefined, indexUid: 'none' }),
    loginLimits: () => requestLimits().login,
    getPhotoStore,
  });
});
afterAll(() => temp.close());

const LIMITED = [
  { method: 'POST', path: '/api/account/login/', body: { email: 'ada@example.com', password: 'a wrong guess' }, limit: LIMITS.RATE_LIMIT_LOGIN_PER_MINUTE },
  { method: 'POST', path: '/api/account/join/', body: {}, limit: LIMITS.RATE_LIMIT_JOIN_PER_MINUTE },
  { method: 'POST', path: '/api/account/guest/', body: {}, limit: LIMITS.RATE_LIMIT_JOIN_PER_MINUTE },
  { method: 'POST', path: '/api/account/claim/', body: {}, limit: LIMITS.RATE_LIMIT_JOIN_PER_MINUTE },
  { method: 'POST', path: '/api/account/confirm/', body: {}, limit: LIMITS.RATE_LIMIT_JOIN_PER_MINUTE },
  { method: 'POST', path: '/api/marketing/subscribe/newsletter/', body: {}, limit: LIMITS.RATE_LIMIT_JOIN_PER_MINUTE },
  { method: 'POST', path: '/api/marketing/newsletter/confirm/', body: {}, limit: LIMITS.RATE_LIMIT_JOIN_PER_MINUTE },
  { method: 'POST', path: '/api/checkout/', body: {}, limit: LIMITS.RATE_LIMIT_CHECKOUT_PER_MINUTE },
  { method: 'POST', path: '/api/checkout/order/', body: {}, limit: LIMITS.RATE_LIMIT_CHECKOUT_PER_MINUTE },
  { method: 'GET', path: '/api/v2/search/', query: '?q=sea', limit: LIMITS.RATE_LIMIT_SEARCH_PER_MINUTE },
] as const;

/** A path's letter at `index` (in its last word) %-escaped: `hex` picks the case of the digits. */
function escapeLetter(path: string, transform: (letter: string) => string, hex: 'lower' | 'upper') {
  const index = path.slice(0, -1).lastIndexOf('/') + 1;
  const code = transform(path[index]!).charCodeAt(0).toString(16);
  return `${path.slice(0, index)}%${hex === 'lower' ? code : code.toUpperCase()}${path.slice(index + 1)}`;
}

/** Each way of spelling a path, and the plain path it spells. */
const SPELLINGS: [string, (path: string) => { raw: string; plain: string }][] = [
  ['%6c (an escaped letter)', (path) => ({ raw: escapeLetter(path, (l) => l, 'lower'), plain: path })],
  ['%6C (upper-case hex)', (path) => ({ raw: escapeLetter(path, (l) => l, 'upper'), plain: path })],
  ['%4C (the capital letter)', (path) => ({ raw: escapeLetter(path, (l) => l.toUpperCase(), 'upper'), plain: path.replace(/\/(\w)(\w*)\/$/, (_, first: string, rest: string) => `/${first.toUpperCase()}${rest}/`) })],
  ['%61 in the first segment', (path) => ({ raw: path.replace('/api/', '/%61pi/'), plain: path })],
  ['a double slash', (path) => ({ raw: path.replace('/api/', '/api//'), plain: path })],
  ['a trailing double slash', (path) => ({ raw: `${path}/`, plain: path })],
];

let addresses = 0;
/** A fresh client address, so that each sequence starts with its whole allowance. */
const freshAddress = () => `192.0.2.${(addresses += 1)}`;

/** The request as the API's router gets it after the proxy, or the proxy's own answer. */
async function throughProxy(method: string, url: string, address: string, body: unknown): Promise<Response> {
  const init = {
    method,
    headers: { 'x-forwarded-for': address, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
  const decided = await proxy(new NextRequest(url, init));
  if (!decided.headers.has('x-middleware-next') && !decided.headers.has('x-middleware-rewrite')) return decided;
  return api.fetch(new Request(decided.headers.get('x-middleware-rewrite') ?? url, init));
}

/** As `npm start` runs it: server.ts reads the request line first. */
async function throughServer(method: string, target: string, address: string, body: unknown): Promise<Response> {
  const line = judgeRequestLine(method, target);
  if (line.refusal) return new Response(line.refusal.body, { status: line.refusal.status });
  return throughProxy(method, `http://shop.test${line.target}`, address, body);
}

type Send = (method: string, target: string, address: string, body: unknown) => Promise<Response>;
const LAYERS: [string, Send][] = [
  ['npm start (server.ts, proxy, router)', throughServer],
  ['a bare next start (proxy, router)', (method, target, address, body) => throughProxy(method, `http://shop.test${target}`, address, body)],
];

/** The statuses of `limit + 2` requests in a row from one fresh address. */
async function statuses(send: Send, route: (typeof LIMITED)[number], target: string): Promise<number[]> {
  const address = freshAddress();
  const seen: number[] = [];
  for (let i = 0; i < route.limit + 2; i += 1) seen.push((await send(route.method, target, address, 'body' in route ? route.body : undefined)).status);
  return seen;
}

describe.each(LAYERS)('through %s', (_layer, send) => {
  describe.each(LIMITED.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
    const query = 'query' in route ? route.query : '';

    it('the plain path is limited', async () => {
      const seen = await statuses(send, route, `${route.path}${query}`);
      expect(seen.slice(0, route.limit)).not.toContain(429);
      expect(seen.slice(route.limit)).toEqual([429, 429]);
    });

    it.each(SPELLINGS)('spelled with %s, it is limited exactly as the plain path it spells', async (_spelling, spell) => {
      const { raw, plain } = spell(route.path);
      expect(raw).not.toBe(plain);
      expect(await statuses(send, route, `${raw}${query}`)).toEqual(await statuses(send, route, `${plain}${query}`));
    });
  });
});

describe('paths that would name something else never reach a route', () => {
  it.each([
    ['a trailing dot segment', '/api/account/login/.'],
    ['an escaped dot segment', '/api/account/login/%2e/'],
    ['a dot-dot segment', '/api/account/x/../login/'],
    ['an escaped slash', '/api/account%2flogin/'],
    ['an escaped backslash', '/api/account%5clogin/'],
    ['bytes that are not UTF-8', '/api/%ff/'],
    ['an escaped percent sign', '/api/account/%256cogin/'],
  ])('%s: %s is 400 from server.ts every time, and no more than the plain path through the proxy alone', async (_what, target) => {
    const route = LIMITED[0];
    const address = freshAddress();
    for (let i = 0; i < route.limit + 2; i += 1) {
      const answer = await throughServer('POST', target, address, route.body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'path' } });
    }
    // Next.js's own URL parsing resolves dot segments before the proxy sees them: the path is then
    // the plain one, and limited as it is; the rest the proxy refuses itself.
    const alone = await statuses(LAYERS[1]![1], route, target);
    expect(alone.every((status) => status === 400) || alone.slice(route.limit).every((status) => status === 429)).toBe(true);
  });
});
