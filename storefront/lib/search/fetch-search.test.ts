import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@easel/shared/api-error-body';
import { getFreePort } from '@easel/shared/process';
import { LIST_FACETS } from '@easel/search-service/contract';
import { fetchSearch, revalidateSearch, SearchError } from './fetch-search';

/**
 * fetchSearch against a real HTTP server that answers each query string as a search service, a
 * proxy in front of one or a broken one would: a 200 with an ETag of its bytes, and 304 Not
 * Modified when asked with that ETag.
 */

/** The search service's ETag of an answer's bytes (search-service/src/cache.ts). */
const etagOf = (text: string) => `"${createHash('sha1').update(text).digest('base64url')}"`;

const card = (id: number) => ({
  id, slug: `work-${id}`, title: `Work ${id}`, url: `/product/work-${id}/`, artist_name: 'Maya Okafor', artist_slug: 'maya-okafor',
  category: 'painting', subcategory: 'oil', subject: 'seascape', style: 'impressionist', medium: 'Oil on canvas', colours: ['blue'],
  prices: { GBP: 100, USD: 139, EUR: 118, CAD: 189, AUD: 209 }, sale_prices: null, in_sale: false,
  main_image: '/media/x/640.webp', main_image_set: '/media/x/320.webp 320w', width_cm: 60, height_cm: 40, depth_cm: 2,
  orientation: 'landscape', size_bucket: 'medium', framed: false, ready_to_hang: true, has_fine_art_prints: false,
  ships_from: 'GB', free_shipping_to: ['GB'], ships_free: true, favourite_count: 0,
});
const searchAnswer = (results: unknown[]) => ({
  results, count: results.length, num_pages: 1, page: 1, did_you_mean: null, banner: null,
  facets: { ...Object.fromEntries(LIST_FACETS.map((facet) => [facet, []])), price: null },
});

/** Each query string's answer: status and body (a string is sent as it is, undefined never answers). */
const ANSWERS: Record<string, [number, unknown] | undefined> = {
  'q=sea': [200, searchAnswer([card(1), card(2)])],
  'q=broken-card': [200, searchAnswer([card(1), { id: 'x' }])],
  'q=no-facets': [200, { ...searchAnswer([]), facets: undefined }],
  'q=%22': [400, errorBody('invalid_parameter', 'Search words (q) must not contain quotes', 'q')],
  'q=proxy': [502, errorBody('bad_gateway', 'The server behind the proxy did not answer properly; try again.')],
  'q=html': [502, '<html>Bad gateway</html>'],
  'q=slow': undefined,
};

let server: Server;
let origin: string;
let closedOrigin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://search');
    const answer: [number, unknown] | undefined = url.pathname === '/api/v2/product/s/_count/' ? [200, { count: 3 }] : ANSWERS[url.search.slice(1)];
    if (!answer) return;
    const [status, body] = answer;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const etag = status === 200 ? { etag: etagOf(text) } : {};
    if (etag.etag !== undefined && req.headers['if-none-match'] === etag.etag) return res.writeHead(304, etag).end();
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json', ...etag });
    res.end(text);
  });
  const port = await getFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${port}`;
  closedOrigin = `http://127.0.0.1:${await getFreePort()}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('fetchSearch', () => {
  it("gives each endpoint's answer, checked and typed", async () => {
    const found = await fetchSearch('', 'q=sea', { origin, timeoutMs: 1000 });
    expect(found.results.map((c) => c.slug)).toEqual(['work-1', 'work-2']);
    expect(await fetchSearch('_count', 'q=sea', { origin, timeoutMs: 1000 })).toEqual({ count: 3 });
  });

  it('leaves out a card that breaks the contract and keeps the rest', async () => {
    const found = await fetchSearch('', 'q=broken-card', { origin, timeoutMs: 1000 });
    expect(found.results.map((c) => c.id)).toEqual([1]);
  });

  it('fails an answer the contract does not describe as bad_response, naming the field', async () => {
    const error = await failure(fetchSearch('', 'q=no-facets', { origin, timeoutMs: 1000 }));
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ reason: 'bad_response', message: expect.stringContaining('facets') });
  });

  it("fails a refusal with the API's own status, code, message and field", async () => {
    expect(await failure(fetchSearch('', 'q=%22', { origin, timeoutMs: 1000 }))).toMatchObject({
      reason: 'refused', status: 400, code: 'invalid_parameter', param: 'q', message: 'Search words (q) must not contain quotes',
    });
  });

  it("reads the cluster proxy's error body like any other, and names the status when there is none", async () => {
    expect(await failure(fetchSearch('', 'q=proxy', { origin, timeoutMs: 1000 }))).toMatchObject({ reason: 'unavailable', status: 502, code: 'bad_gateway' });
    expect(await failure(fetchSearch('', 'q=html', { origin, timeoutMs: 1000 }))).toMatchObject({ reason: 'unavailable', status: 502, code: undefined, message: 'The search answered 502.' });
  });

  it('fails a search with no answer within its wait as timeout, and one that cannot connect as unavailable', async () => {
    expect(await failure(fetchSearch('', 'q=slow', { origin, timeoutMs: 200 }))).toMatchObject({ reason: 'timeout' });
    expect(await failure(fetchSearch('', 'q=sea', { origin: closedOrigin, timeoutMs: 1000 }))).toMatchObject({ reason: 'unavailable' });
  });

  it("passes on the caller's own cancel as an abort, not a failed search", async () => {
    const controller = new AbortController();
    const asked = failure(fetchSearch('', 'q=slow', { origin, timeoutMs: 5000, signal: controller.signal }));
    controller.abort();
    const error = await asked;
    expect(error).not.toBeInstanceOf(SearchError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});

describe('revalidateSearch', () => {
  it("gives the answer with its ETag, then 'unchanged' when asked with that ETag", async () => {
    const first = await revalidateSearch('q=sea', undefined, { origin, timeoutMs: 1000 });
    expect(first).not.toBe('unchanged');
    const { answer, etag } = first as Exclude<typeof first, 'unchanged'>;
    expect(answer.results.map((c) => c.slug)).toEqual(['work-1', 'work-2']);
    expect(etag).toBe(etagOf(JSON.stringify(ANSWERS['q=sea']![1])));
    expect(await revalidateSearch('q=sea', etag, { origin, timeoutMs: 1000 })).toBe('unchanged');
  });

  it('gives the whole answer, checked, when the ETag is not the answer\'s, and fails as fetchSearch does', async () => {
    const changed = await revalidateSearch('q=broken-card', etagOf('an older answer'), { origin, timeoutMs: 1000 });
    expect(changed).toMatchObject({ answer: { results: [{ id: 1 }] }, etag: expect.stringMatching(/^"/) });
    expect(await failure(revalidateSearch('q=%22', '"x"', { origin, timeoutMs: 1000 }))).toMatchObject({ reason: 'refused', status: 400, param: 'q' });
  });
});
