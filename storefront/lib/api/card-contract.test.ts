import { Hono } from 'hono';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_IMAGE_WIDTHS, parseArtworkImageUrl } from '@easel/shared/media';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { productCardSchema } from '@easel/search-service/contract';
import { addSession, addUser } from '../../../data/test/fixtures';
import { serveFixture, type ServedFixture } from '../../../search-service/test/fixture';
import { artistRoutes } from '../catalogue/artist-api';
import { homeRoutes } from '../catalogue/home-api';
import { productRoutes } from '../catalogue/product-api';
import { recentlyViewedRoutes } from '../catalogue/recently-viewed-api';
import { collectionsRoutes } from '../collections/api';
import { searchForwardRoutes } from '../gallery/search-forward-api';
import { callable } from './testing';
import { scratchRecorder } from '../search-analytics/recorder.fixture';

/**
 * SPEC §3's product card ("prices in the five currencies, main_image and main_image_set") on
 * every endpoint that serves cards: the search service's answer as the storefront forwards it,
 * and each storefront endpoint that reads works from the catalogue.
 */

const SESSION = 'card-contract-session';
let f: ServedFixture;
let call: (request: Request) => Promise<Response>;
let slugs: { product: string; artist: string; collection: string };

beforeAll(async () => {
  f = await serveFixture({ seed: 3, artworks: 600 });
  const getDb = async () => f.db;
  call = callable(
    new Hono()
      .route('/', searchForwardRoutes({ searchServiceUrl: () => f.url, searchRecorder: scratchRecorder() }))
      .route('/', homeRoutes({ getDb }))
      .route('/', productRoutes({ getDb }))
      .route('/', artistRoutes({ getDb }))
      .route('/', recentlyViewedRoutes({ getDb }))
      .route('/', collectionsRoutes({ getDb })),
  );
  const userId = await addUser(f.db);
  await addSession(f.db, SESSION, userId);
  const works = await f.db.selectFrom('artworks').select('slug').where('status', '=', 'available').orderBy('id').limit(3).execute();
  // An artist with sold works, so the artist answer carries cards.
  const sold = await f.db.selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id')
    .select('a.slug').where('w.status', '=', 'sold').orderBy('w.id').executeTakeFirstOrThrow();
  const { collection } = (await send('POST', '/collections/api/', { name: 'Front room' })) as { collection: { slug: string } };
  for (const work of works) {
    await send('POST', '/collections/api/items/', { collection: collection.slug, product: work.slug });
    await send('POST', '/api/recently-viewed/', { slug: work.slug });
  }
  slugs = { product: works[0]!.slug, artist: sold.slug, collection: collection.slug };
});
afterAll(() => f?.close());

/** A signed-in shopper's request; any answer but a success fails the test. */
async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const response = await call(new NextRequest(`http://shop.test${path}`, {
    method,
    headers: { Cookie: `sessionid=${SESSION}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }));
  expect(response.ok, `${method} ${path}`).toBe(true);
  return response.json();
}
const get = (path: string) => send('GET', path);

type Body = Record<string, any>;

/** Each endpoint that serves cards, and where the cards are in its answer. */
const ENDPOINTS: [name: string, path: () => string, cards: (body: Body) => unknown[]][] = [
  ['the gallery search', () => '/api/v2/product/s/?paginate=24', (b) => b.results],
  ['a search with filters and boosts', () => `/api/v2/product/s/?colours=blue&product_boost=${slugs.product}&currency=USD`, (b) => b.results],
  ['featured art', () => '/api/v2/featured-art/', (b) => b.results],
  ['editors\' picks', () => '/api/v2/collections/', (b) => b.results.flatMap((pick: Body) => pick.artworks)],
  ['a collection', () => `/api/v2/collection/?slug=${slugs.collection}`, (b) => b.results],
  ['a product, and its similar works', () => `/api/product/?slug=${slugs.product}`, (b) => [b, ...b.similar]],
  ['an artist\'s sold works', () => `/api/v2/artist/?slug=${slugs.artist}`, (b) => b.sold_works],
  ['recently viewed', () => '/api/recently-viewed/', (b) => b.results],
];

describe('every endpoint that serves product cards', () => {
  it.each(ENDPOINTS)('%s: each card has SPEC §3\'s fields', async (_, path, cardsOf) => {
    const cards = cardsOf((await get(path())) as Body);
    expect(cards.length).toBeGreaterThan(0);
    for (const raw of cards) {
      const card = productCardSchema.parse(raw);
      // Prices in the five currencies, whole minor units.
      expect(Object.keys(card.prices).sort()).toEqual([...CURRENCIES].sort());
      for (const currency of CURRENCIES) expect(Number.isInteger(card.prices[currency]) && card.prices[currency] > 0).toBe(true);
      // main_image: one of the work's rendered pictures.
      const main = parseArtworkImageUrl(card.main_image);
      expect(main, card.main_image).toBeDefined();
      // main_image_set: that same picture at every card width, each entry an address the picture route renders.
      const entries = card.main_image_set.split(', ').map((entry) => entry.split(' '));
      expect(entries.map(([, descriptor]) => descriptor)).toEqual(CARD_IMAGE_WIDTHS.map((w) => `${w}w`));
      for (const [url, descriptor] of entries) {
        const picture = parseArtworkImageUrl(url!);
        expect(picture?.spec).toEqual(main!.spec);
        expect(`${picture?.width}w`).toBe(descriptor);
      }
    }
  });
});
