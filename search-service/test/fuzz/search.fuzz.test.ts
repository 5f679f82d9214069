import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES, ORIENTATIONS, SIZE_BUCKETS, STYLES, SUBJECTS,
} from '@easel/shared/vocabulary';
import { encode, fuzzEndpoint, fuzzRuns, fuzzTimeout, junkHeaders, junkQuery, junkText } from '../../../data/test/fuzz';
import { SORTS } from '../../src/contract';
import type { FilterParam } from '../../src/filters';
import { buildFixture, type Fixture } from '../fixture';

/**
 * Every endpoint of the search-service app, in-process, against a real engine and a seeded
 * index: generated query strings must never answer 5xx, always
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

/**
 * Each filter parameter's good values (and a few just out of range). Keyed by every parameter of
 * the filter table, so a new filter fails to compile here until the fuzzer sends it.
 */
const FILTER_PARAM_VALUES = {
  price_min: ['0', '100', '10000000', '10000001'],
  price_max: ['0', '50', '5000', '10000000'],
  in_sale: ['on', 'true'],
  size_: SIZE_BUCKETS,
  width_min: ['10', '40.5', '9999.9'],
  width_max: ['0', '50', '40.55'],
  height_min: ['10', '0.1'],
  height_max: ['100', '5'],
  product_category: CATEGORY_VALUES,
  painting: CATEGORIES.painting,
  sculpture: CATEGORIES.sculpture,
  photography: CATEGORIES.photography,
  drawing: CATEGORIES.drawing,
  prints: CATEGORIES.prints,
  subject: SUBJECTS,
  ships_to: ['GB', 'US', 'FR', 'gb'],
  free_shipping: ['true', 'on'],
  ships_from: ['GB', 'DE'],
  has_fine_art_prints: ['true'],
  framed_or_ready_to_hang: ['true'],
  style: STYLES,
  colours: COLOUR_VALUES,
  shape: ORIENTATIONS,
  verified_advertising_safe: ['true'],
} satisfies Record<FilterParam, readonly string[]>;

/** Each gallery parameter's good values, for junkQuery to mix with junk. */
const galleryParams = (): Record<string, readonly string[]> => ({
  q: ['sea', 'blue harbour', 'oil', '  ', 'a'.repeat(200), 'a'.repeat(201)],
  sort: SORTS,
  page: ['1', '2', '1000', '1001', '0'],
  paginate: ['1', '60', '120', '121'],
  limit: ['1', '12', '100', '101'],
  currency: CURRENCIES,
  ...FILTER_PARAM_VALUES,
  product_boost: ['sea-view', 'Sea', ...artistSlugs],
  multiple_product_boost: ['sea-view', 'a-b', ''],
  artist: artistSlugs,
});

const GALLERY_PATHS = ['/api/v2/product/s/', '/api/v2/product/s/_count/', '/api/v2/product/s/_prices/', '/api/v2/product/s/_suggestions/'];

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
});
