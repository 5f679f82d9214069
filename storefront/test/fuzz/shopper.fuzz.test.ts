import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { fuzzRuns, fuzzTimeout, goodOrJunk, headerText, junkText } from '../../../data/test/fuzz';
import { callable } from '../../lib/api/testing';
import { basketRoutes } from '../../lib/basket/basket-api';
import { checkoutRoutes } from '../../lib/checkout/checkout-api';
import { createSimulatedPayments } from '../../lib/checkout/payment';
import { collectionsRoutes } from '../../lib/collections/api';
import { engagementRoutes } from '../../lib/engagement/api';
import { settingsRoutes } from '../../lib/settings/api';
import { trackingRoutes, type TrackedKind } from '../../lib/tracking/api';
import { TrackingQueue } from '../../lib/tracking/queue';
import { COUNTRIES, fuzzHandler, openWorld, type World } from './world';
import { scratchRecorder } from '../../lib/search-analytics/recorder.fixture';

/**
 * A shopper's endpoints: basket, checkout, favourites, follows, collections, settings and
 * tracking, fuzzed in-process with visitors' and signed-in cookies. See docs/FUZZING.md.
 */

let world: World;
let queue: TrackingQueue;

beforeAll(async () => {
  world = await openWorld('shopper');
  queue = new TrackingQueue(world.deps.getDb);
});
afterAll(async () => {
  await queue?.flush();
  await world?.close();
});

const timeout = fuzzTimeout(fuzzRuns());
const currencyQuery = { currency: [...CURRENCIES, 'gbp', 'XXX'] };

describe('shopper endpoints fuzz', () => {
  const basket = () => callable(basketRoutes(world.deps));
  const promo = basket;
  const lines = () => goodOrJunk<unknown>([1, 2, 3, 50], fc.oneof(fc.integer(), fc.double(), junkText));

  it('GET /api/basket-next/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /api/basket-next/', handler: basket(), query: currencyQuery });
  }, timeout);

  it('POST /api/basket-next/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/basket-next/', handler: basket(), query: currencyQuery,
      body: { artwork: goodOrJunk(world.slugs.artworks), print: goodOrJunk(world.slugs.prints) },
    });
  }, timeout);

  it('PATCH /api/basket-next/', async () => {
    await fuzzHandler(world, {
      endpoint: 'PATCH /api/basket-next/', handler: basket(), query: currencyQuery,
      body: { line: lines(), quantity: goodOrJunk<unknown>([1, 2, 99, 100, 0], fc.oneof(fc.integer(), fc.double())) },
    });
  }, timeout);

  it('DELETE /api/basket-next/', async () => {
    await fuzzHandler(world, { endpoint: 'DELETE /api/basket-next/', handler: basket(), query: { ...currencyQuery, line: ['1', '2', '3', '0', '1.5', '1e3'] } });
  }, timeout);

  it('POST /api/basket-next/promo/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/basket-next/promo/', handler: promo(), query: currencyQuery,
      body: { code: goodOrJunk(['WELCOME10', 'welcome10', 'SPRING', 'EXPIRED', 'NOPE']) },
    });
  }, timeout);

  it('DELETE /api/basket-next/promo/', async () => {
    await fuzzHandler(world, { endpoint: 'DELETE /api/basket-next/promo/', handler: promo(), query: currencyQuery });
  }, timeout);

  // The provider's ledger is a file of its own, beside the world's temporary database.
  let ledger: Promise<PaymentLedger>;
  beforeAll(() => {
    ledger = openPaymentLedger(world.ledger);
  });
  afterAll(async () => (await ledger).close());
  const checkout = () => callable(checkoutRoutes({ getDb: world.deps.getDb, payments: createSimulatedPayments(() => ledger) }));
  it('POST /api/checkout/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/checkout/', handler: checkout(),
      body: { country: goodOrJunk(COUNTRIES), currency: goodOrJunk(CURRENCIES) },
    });
  }, timeout);

  it('POST /api/checkout/order/', async () => {
    // Whole good parts more often than not, so that some orders reach the basket and the payment.
    const part = <T>(good: T, junk: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: fc.constant(good) }, { weight: 2, arbitrary: junk });
    const shipTo = part({ name: 'Ada Lovelace', line1: '1 Harbour Street', city: 'Bristol', postcode: 'BS1 4RN', country: 'GB' },
      fc.record({
        name: goodOrJunk(['Ada Lovelace', ' ']), line1: goodOrJunk(['1 Harbour Street']), line2: goodOrJunk(['Flat 2', '']), city: goodOrJunk(['Bristol']),
        region: goodOrJunk(['Avon']), postcode: goodOrJunk(['BS1 4RN', '']), country: goodOrJunk(COUNTRIES),
      }, { requiredKeys: [] }));
    const card = part({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, fc.record({
      number: goodOrJunk(['4242 4242 4242 4242', '4000-0000-0000-0002', '4242']),
      expiry: goodOrJunk(['12/30', '13/30', '1/30']),
      cvc: goodOrJunk(['123', '12345']),
    }, { requiredKeys: [] }));
    await fuzzHandler(world, {
      endpoint: 'POST /api/checkout/order/', handler: checkout(),
      body: { currency: goodOrJunk(CURRENCIES), quoted_total_minor: goodOrJunk([0, 9100, 125_000]), ship_to: shipTo, card },
      headers: fc.array(fc.tuple(fc.constant('idempotency-key'), goodOrJunk([...Array.from({ length: 20 }, (_, i) => `fuzz-order-key-${String(i).padStart(4, '0')}`), 'short'], headerText)), { maxLength: 1 }),
      recordsRefusalsIn: 'order_requests',
    });
  }, timeout);

  it('GET /api/account/orders/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /api/account/orders/', handler: checkout() });
  }, timeout);

  const favourites = () => callable(engagementRoutes(world.deps));
  const follows = favourites;
  it('GET /collections/api/favourites/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /collections/api/favourites/', handler: favourites() });
  }, timeout);

  it('POST /collections/api/favourites/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /collections/api/favourites/', handler: favourites(), body: { slug: goodOrJunk(world.slugs.artworks) } });
  }, timeout);

  it('GET /interest/follows.js', async () => {
    await fuzzHandler(world, { endpoint: 'GET /interest/follows.js', handler: follows() });
  }, timeout);

  it('POST /interest/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /interest/', handler: follows(), body: { artist: goodOrJunk(world.slugs.artists) } });
  }, timeout);

  const collections = () => callable(collectionsRoutes(world.deps));
  it('GET /collections/api/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /collections/api/', handler: collections(), query: { product: world.slugs.artworks } });
  }, timeout);

  it('POST /collections/api/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /collections/api/', handler: collections(), body: { name: goodOrJunk(['Sea pictures', 'Fuzz favourites', ' ']) } });
  }, timeout);

  it.each(['PATCH', 'DELETE'] as const)('%s /collections/api/', async (method) => {
    await fuzzHandler(world, {
      endpoint: `${method} /collections/api/`, handler: collections(),
      body: { collection: goodOrJunk(world.slugs.collections), ...(method === 'PATCH' ? { name: goodOrJunk(['Sea pictures', ' ', 'Right\u202Eleft', 'Lone \ud800']) } : {}) },
    });
  }, timeout);

  it.each(['POST', 'DELETE'] as const)('%s /collections/api/items/', async (method) => {
    await fuzzHandler(world, {
      endpoint: `${method} /collections/api/items/`, handler: collections(),
      body: { collection: goodOrJunk(world.slugs.collections), product: goodOrJunk(world.slugs.artworks) },
    });
  }, timeout);

  it('GET /api/v2/collection/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /api/v2/collection/', handler: collections(), query: { slug: world.slugs.collections } });
  }, timeout);

  const settings = () => callable(settingsRoutes(world.deps));
  const settingsQuery = { currency: CURRENCIES, country: COUNTRIES, display_units: ['cm', 'in'], language: ['en-gb', 'en-us', 'fr'] };
  it.each(['GET', 'OPTIONS'] as const)('%s /api/u/', async (method) => {
    await fuzzHandler(world, { endpoint: `${method} /api/u/`, handler: settings(), query: settingsQuery });
  }, timeout);

  it('PUT /api/u/', async () => {
    await fuzzHandler(world, {
      endpoint: 'PUT /api/u/', handler: settings(),
      body: {
        currency: goodOrJunk(CURRENCIES), country: goodOrJunk(COUNTRIES), display_units: goodOrJunk(['cm', 'in']),
        language: goodOrJunk(['en-gb', 'en-us', 'EN-GB', 'fr']),
      },
    });
  }, timeout);

  const TRACKING: [string, TrackedKind][] = [
    ['POST /api/tracking/impressions/', 'impression'], ['POST /api/tracking/clicks/', 'click'], ['POST /t/event/', 'page_view'], ['POST /t/visit/', 'visit'],
  ];
  it.each(TRACKING)('%s', async (endpoint, kind) => {
    const event = fc.record({
      slug: goodOrJunk(world.slugs.artworks),
      path: goodOrJunk(['/', '/shop/', '/product/x/?a=1', 'shop', '/ a']),
      referrer: goodOrJunk(['', 'https://example.com/', 'ftp://example.com/', 'javascript:alert(1)']),
    }, { requiredKeys: [] });
    await fuzzHandler(world, {
      endpoint, handler: callable(trackingRoutes({ queue, searchRecorder: scratchRecorder() })),
      body: { events: fc.oneof(fc.array(event, { minLength: 1, maxLength: 3 }), fc.array(event, { maxLength: 60 })) },
      // Accepted events are written later, in batches: what is queued is written before each count.
      settle: () => queue.flush(),
    });
  }, timeout);
});
