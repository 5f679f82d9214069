import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkImageUrl } from '@easel/shared/media';
import { getIndexableArtworks } from '@easel/data/queries/search-source';
import { CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES } from '@easel/shared/vocabulary';
import { pictureSpecsOf } from '@easel/indexer/documents';
import { fuzzEndpoint, fuzzRuns, fuzzTimeout, goodOrJunk, junkText } from '../../../data/test/fuzz';
import { buildFixture, type Fixture } from '../../../search-service/test/fixture';
import { callable } from '../../lib/api/testing';
import { artistRoutes } from '../../lib/catalogue/artist-api';
import { homeRoutes } from '../../lib/catalogue/home-api';
import { productRoutes } from '../../lib/catalogue/product-api';
import { recentlyViewedRoutes } from '../../lib/catalogue/recently-viewed-api';
import { searchRoutes } from '../../lib/catalogue/search-api';
import { currencyRatesRoutes } from '../../lib/currency-rates';
import { pageDataRoutes } from '../../lib/gallery/page-data-api';
import { searchForwardRoutes } from '../../lib/gallery/search-forward-api';
import { answerPictureRequest } from '../../lib/media';
import { createMediaCache } from '../../lib/media-cache';
import { COUNTRIES, fuzzHandler, openWorld, type World } from './world';
import { scratchRecorder } from '../../lib/search-analytics/recorder.fixture';

/**
 * The catalogue's read endpoints (and the recently viewed list), fuzzed in-process against a
 * temporary catalogue; /api/v2/search/ against a real search service. See docs/FUZZING.md.
 */

let world: World;
let search: Fixture;
let server: ServerType;
let searchUrl: string;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-fuzz-media-'));

beforeAll(async () => {
  world = await openWorld('catalogue');
  search = await buildFixture({ seed: 5, artworks: 200, engineTimeoutMs: 10_000 });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: search.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  searchUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await search?.close();
  await world?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const timeout = fuzzTimeout(fuzzRuns());

describe('catalogue endpoints fuzz', () => {
  it('GET /api/product/', async () => {
    await fuzzHandler(world, {
      endpoint: 'GET /api/product/', handler: callable(productRoutes(world.deps)),
      query: { slug: world.slugs.artworks, ships_to: COUNTRIES },
    });
  }, timeout);

  it('GET /api/v2/artist/', async () => {
    await fuzzHandler(world, {
      endpoint: 'GET /api/v2/artist/', handler: callable(artistRoutes(world.deps)),
      query: { slug: world.slugs.artists, ships_to: COUNTRIES },
    });
  }, timeout);

  it('GET /api/v2/artists/', async () => {
    await fuzzHandler(world, {
      endpoint: 'GET /api/v2/artists/', handler: callable(artistRoutes(world.deps)),
      query: { list: ['popular', 'discovered'], limit: ['1', '12', '48', '49', '0'] },
    });
  }, timeout);

  it.each([
    ['GET /api/v2/collections/', homeRoutes],
    ['GET /api/v2/featured-art/', homeRoutes],
    ['GET /api/v2/homepage/banner/', homeRoutes],
  ] as const)('%s', async (endpoint, factory) => {
    await fuzzHandler(world, { endpoint, handler: callable(factory(world.deps)), query: { ships_to: COUNTRIES } });
  }, timeout);

  it('GET /api/v2/recommendations/', async () => {
    await fuzzHandler(world, {
      endpoint: 'GET /api/v2/recommendations/', handler: callable(homeRoutes(world.deps)),
      query: { currency: CURRENCIES, units: ['cm', 'in'], product: world.slugs.artworks },
    });
  }, timeout);

  it('GET /api/product/currency-rates/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /api/product/currency-rates/', handler: callable(currencyRatesRoutes(world.deps)) });
  }, timeout);

  const recentlyViewed = () => callable(recentlyViewedRoutes(world.deps));
  it('GET /api/recently-viewed/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /api/recently-viewed/', handler: recentlyViewed(), query: { ships_to: COUNTRIES } });
  }, timeout);

  it('POST /api/recently-viewed/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/recently-viewed/', handler: recentlyViewed(),
      query: { ships_to: COUNTRIES }, body: { slug: goodOrJunk(world.slugs.artworks) },
    });
  }, timeout);

  it('GET /api/v2/search/', async () => {
    await fuzzHandler(world, {
      endpoint: 'GET /api/v2/search/',
      handler: callable(searchRoutes({ getDb: world.deps.getDb, searchServiceUrl: () => searchUrl, searchRecorder: scratchRecorder() })),
      query: { q: ['sea', 'blue', 'oil painting', 'a', 'a'.repeat(200), 'a'.repeat(201), ...world.slugs.artists] },
    });
  }, timeout);

  it('GET /shop/page-data/', async () => {
    await fuzzHandler(world, {
      endpoint: 'GET /shop/page-data/', handler: callable(pageDataRoutes()),
      query: { path: ['/shop/', '/shop/painting/', '/shop/painting/oil/', '/shop/painting/oil/x/', '/shop/nothing/', 'shop'] },
    });
  }, timeout);

  it('GET /media/art/…', async () => {
    const runs = fuzzRuns();
    const artworks = await getIndexableArtworks(world.db, { afterId: 0, limit: 4 });
    const real = artworks.flatMap(pictureSpecsOf).map((spec) => artworkImageUrl(spec, 320).split('/').slice(3));
    const deps = { db: world.db, cache: createMediaCache({ dir: mediaDir, maxBytes: 1024 * 1024 }), limits: { check: async () => null } };
    const cases = await fuzzEndpoint({
      name: 'GET /media/art/[...path]',
      runs,
      arbitrary: fc.oneof(
        fc.tuple(
          goodOrJunk(CATEGORY_VALUES), goodOrJunk(['photo', 'detail', 'room']), goodOrJunk(['0', '7', '2147483648', '-1']),
          goodOrJunk(['red', 'red-blue', 'red-blue-green-black-white', COLOUR_VALUES.join('-')]), goodOrJunk(['200', '1000', '5001', '199']),
          goodOrJunk(['320.webp', '99999.webp', '0.webp', '320.png']),
        ).map((parts) => [...parts]),
        fc.array(junkText, { maxLength: 8 }),
        fc.constantFrom(...real),
      ),
      json: false,
      send: (segments) => answerPictureRequest(new NextRequest('http://shop.test/media/art/x'), segments, deps),
    });
    expect(cases).toBe(runs);
  }, timeout);

  // Each case is a real HTTP hop to the search service, whose endpoints the search-service
  // suite also fuzzes in-process.
  it('GET /api/v2/product/s/… (the storefront forward)', async () => {
    await fuzzHandler(world, {
      endpoint: 'GET /api/v2/product/s/ (storefront forward)', handler: callable(searchForwardRoutes({ searchServiceUrl: () => searchUrl, searchRecorder: scratchRecorder() })),
      query: { q: ['sea'], currency: CURRENCIES, colours: COLOUR_VALUES, page: ['1', '1001'] },
    });
  }, timeout);
});
