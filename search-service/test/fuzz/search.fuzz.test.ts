import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES, ORIENTATIONS, SIZE_BUCKETS, STYLES, SUBJECTS,
} from '@easel/data/vocabulary';
import { EQUALITY_FILTER_ATTRIBUTES, RANGE_FILTER_ATTRIBUTES, SORTABLE_ATTRIBUTES } from '@easel/indexer';
import { encode, fuzzEndpoint, fuzzRuns, fuzzTimeout, goodOrJunk, junkHeaders, junkJsonBody, junkQuery, junkText } from '../../../data/test/fuzz';
import { SORTS } from '../../src/contract';
import { buildFixture, type Fixture } from '../fixture';

/**
 * Every endpoint of the search-service app, in-process, against a real engine and a seeded
 * index: generated query strings (and multi-search bodies) must never answer 5xx, always
 * answer JSON and never show a stack trace. docs/FUZZING.md lists the case counts.
 */

let f: Fixture;
let artistSlugs: string[];

beforeAll(async () => {
  // The engine gets ten times its production budget: this suite is about what input does to the
  // service, and a 504 from an engine slowed by a busy test machine would say nothing about that.
  f = await buildFixture({ seed: 17, artworks: 400, engineTimeoutMs: 10_000 });
  artistSlugs = (await f.db.selectFrom('artists').select('slug').limit(5).execute()).map((a) => a.slug);
});
afterAll(() => f?.close());

/** Each gallery parameter's good values (and a few just out of range), for junkQuery to mix with junk. */
const galleryParams = (): Record<string, readonly string[]> => ({
  q: ['sea', 'blue harbour', 'oil', '  ', 'a'.repeat(200), 'a'.repeat(201)],
  sort: SORTS,
  page: ['1', '2', '1000', '1001', '0'],
  paginate: ['1', '60', '120', '121'],
  limit: ['1', '12', '100', '101'],
  currency: CURRENCIES,
  price_min: ['0', '100', '10000000', '10000001'],
  price_max: ['0', '50', '5000', '10000000'],
  size_: SIZE_BUCKETS,
  width_min: ['10', '40.5', '9999.9'],
  width_max: ['0', '50', '40.55'],
  height_min: ['10', '0.1'],
  height_max: ['100', '5'],
  in_sale: ['on', 'true'],
  free_shipping: ['true', 'on'],
  framed_or_ready_to_hang: ['true'],
  has_fine_art_prints: ['true'],
  verified_advertising_safe: ['true'],
  shape: ORIENTATIONS,
  product_category: CATEGORY_VALUES,
  ...Object.fromEntries(CATEGORY_VALUES.map((c) => [c, CATEGORIES[c] as readonly string[]])),
  colours: COLOUR_VALUES,
  style: STYLES,
  subject: SUBJECTS,
  ships_to: ['GB', 'US', 'FR', 'gb'],
  ships_from: ['GB', 'DE'],
  artist: artistSlugs,
});

const GALLERY_PATHS = ['/api/v2/product/s/', '/api/v2/product/s/_count/', '/api/v2/product/s/_prices/'];

describe('search-service fuzz', () => {
  const galleryRuns = fuzzRuns();
  it.each(GALLERY_PATHS)('GET %s never fails on a generated query string', async (path) => {
    const arbitrary = fc.record({ query: junkQuery(galleryParams()), headers: junkHeaders, slash: fc.boolean() });
    const cases = await fuzzEndpoint({
      name: `GET ${path}`,
      runs: galleryRuns,
      arbitrary,
      send: ({ query, headers, slash }) => f.app.request(`${slash ? path : path.slice(0, -1)}?${query}`, { headers }),
    });
    expect(cases).toBe(galleryRuns);
  }, fuzzTimeout(galleryRuns, 4));

  const fixedRuns = fuzzRuns();
  it.each(['/api/v2/product/s/openapi.json', '/healthz'])('GET %s ignores any query string', async (path) => {
    const cases = await fuzzEndpoint({
      name: `GET ${path}`,
      runs: fixedRuns,
      arbitrary: fc.record({ query: junkQuery({ q: [] }), headers: junkHeaders }),
      send: ({ query, headers }) => f.app.request(`${path}?${query}`, { headers }),
    });
    expect(cases).toBe(fixedRuns);
  }, fuzzTimeout(fixedRuns));

  it('answers an unknown path or method with a JSON 404', async () => {
    const segment = junkText.map(encode);
    const cases = await fuzzEndpoint({
      name: 'any other path',
      runs: fixedRuns,
      arbitrary: fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
        path: fc.array(fc.oneof(segment, fc.constantFrom('api', 'v2', 'product', 's', '_count', 'meili', '..', '%2e%2e', '%FF')), { maxLength: 6 }),
      }),
      send: ({ method, path }) => f.app.request(`/${path.join('/')}`, { method }),
    });
    expect(cases).toBe(fixedRuns);
  }, fuzzTimeout(fixedRuns));

  const multiSearchRuns = fuzzRuns();
  it('POST /api/v2/product/s/meili/multi-search never fails on a generated body', async () => {
    // Mostly what instant-meilisearch sends, so that many bodies reach the engine; now and then junk in any field.
    const mostly = <T>(good: readonly T[], junk: fc.Arbitrary<unknown> = junkText) => goodOrJunk<unknown>(good, junk, 24);
    const odd = fc.constantFrom('status', 'price', '_geo', 'id');
    const equality = mostly(EQUALITY_FILTER_ATTRIBUTES, fc.oneof(odd, fc.constantFrom(...RANGE_FILTER_ATTRIBUTES)));
    const range = mostly(RANGE_FILTER_ATTRIBUTES, fc.oneof(odd, fc.constantFrom(...EQUALITY_FILTER_ATTRIBUTES)));
    const number = mostly(['0', '10', '-3', '0.5', '0.000001', '123456789012', '-999999999999.999999']);
    const condition = fc.oneof(
      fc.tuple(equality, fc.constantFrom('=', '!=', ' = '), mostly(['red', 'painting:oil', 'true', 'false', '100', 'GB', ...COLOUR_VALUES]))
        .map(([a, op, v]) => `"${a}"${op}"${v}"`),
      fc.tuple(range, number, number).map(([a, lo, hi]) => `"${a}" ${lo} TO ${hi}`),
      fc.tuple(range, fc.constantFrom('>=', '<=', '>', '<'), number).map(([a, op, n]) => `"${a}"${op}${n}`),
    );
    const filter = fc.oneof(
      { weight: 8, arbitrary: fc.array(fc.oneof(condition, fc.array(condition, { maxLength: 3 })), { maxLength: 4 }) },
      { weight: 1, arbitrary: condition },
      { weight: 1, arbitrary: fc.oneof(junkText, fc.jsonValue({ maxDepth: 2 })) },
    );
    const names = (good: readonly string[]) => fc.array(mostly(good), { maxLength: 4 });
    const whole = mostly([null, 0, 1, 2, 20, 120], fc.oneof(fc.integer({ min: -2, max: 130 }), fc.constantFrom(0.5, 1e21, Number.MAX_SAFE_INTEGER, 120_001, '1')));
    const query = fc.record({
      indexUid: mostly([f.indexUid, 'artworks', 'users']),
      q: mostly([null, '', 'sea', 'blue harbour', 'a'.repeat(200)]),
      filter,
      facets: names([...EQUALITY_FILTER_ATTRIBUTES, ...RANGE_FILTER_ATTRIBUTES]),
      sort: names(SORTABLE_ATTRIBUTES.flatMap((s) => [`${s}:asc`, `${s}:desc`])),
      page: whole, hitsPerPage: whole, limit: whole, offset: whole,
      attributesToRetrieve: mostly([['title', 'slug'], ['*'], ['status', 'title']]),
      attributesToHighlight: mostly([['title'], ['*']]),
      highlightPreTag: mostly(['<em>']), cropLength: whole, matchingStrategy: mostly(['last', 'all', 'frequency']),
    }, { requiredKeys: [] });
    const cases = await fuzzEndpoint({
      name: 'POST /api/v2/product/s/meili/multi-search',
      runs: multiSearchRuns,
      arbitrary: junkJsonBody({ queries: fc.array(query, { minLength: 1, maxLength: 3 }) }),
      send: ({ body, contentType }) => f.app.request('/api/v2/product/s/meili/multi-search', {
        method: 'POST',
        body,
        headers: contentType === null ? {} : { 'content-type': contentType },
      }),
    });
    expect(cases).toBe(multiSearchRuns);
  }, fuzzTimeout(multiSearchRuns, 4));
});
