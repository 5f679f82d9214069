import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, inject, it } from 'vitest';
import { EDITABLE_STATUSES, STYLES, SUBJECTS } from '@easel/shared/vocabulary';
import { meiliClient } from '@easel/indexer';
import { fuzzRuns, fuzzTimeout, goodOrJunk, junkText } from '../../../data/test/fuzz';
import { serveIndexerAdmin } from '../../../indexer/test/admin-fixture';
import { accountRoutes } from '../../lib/account/api';
import { passwordRoutes } from '../../lib/account/password-api';
import { callable, noLoginLimits } from '../../lib/api/testing';
import { artistCvRoutes } from '../../lib/catalogue/artist-cv-api';
import { editRoutes } from '../../lib/catalogue/edit-api';
import { addressBookRoutes } from '../../lib/checkout/address-book-api';
import { alertRoutes } from '../../lib/alerts/api';
import { sessionHash } from '../../lib/session';
import { staffIndexRoutes } from '../../lib/staff/index-api';
import { createIndexAdmin, type IndexAdmin } from '../../lib/staff/index-admin';
import { curationRoutes, promoteRoutes } from '../../lib/staff/tools-api';
import { COOKIES, fuzzHandler, openWorld, SESSIONS, type World } from './world';

/**
 * Accounts (join, log in and out, profile, newsletter), the artwork and artist profile editors and the staff tools,
 * fuzzed in-process with every role's cookie. See docs/FUZZING.md.
 */

const meili = meiliClient(inject('meili'));
const indexUid = `fuzz_staff_${randomUUID().slice(0, 8)}`;
let world: World;
let admin: IndexAdmin;
let indexer: Awaited<ReturnType<typeof serveIndexerAdmin>> | undefined;
/** The sessions as the world opened them, put back before each case (a log-out or log-in ends one). */
let sessions: { id_hash: string; user_id: number | null; created_at: string; last_seen_at: string; expires_at: string }[];

beforeAll(async () => {
  world = await openWorld('account-staff');
  indexer = await serveIndexerAdmin({ db: world.db, meili, indexUid });
  admin = createIndexAdmin({ getDb: world.deps.getDb, indexerUrl: indexer.url, indexUid });
  sessions = await world.db.selectFrom('sessions').select(['id_hash', 'user_id', 'created_at', 'last_seen_at', 'expires_at'])
    .where('id_hash', 'in', Object.values(SESSIONS).map(sessionHash)).execute();
});
afterAll(async () => {
  await waitForRebuild();
  await indexer?.close();
  await meili.deleteIndexIfExists(indexUid);
  await world?.close();
});

const restoreSessions = async () => {
  await world.db.insertInto('sessions').values(sessions).onConflict((oc) => oc.doNothing()).execute();
};
// The log-in, join and log-out cases end sessions; every endpoint after them starts with all of them.
beforeEach(restoreSessions);

async function waitForRebuild() {
  while ((await indexer?.admin.status())?.rebuild?.state === 'running') await sleep(10);
}

const timeout = fuzzTimeout(fuzzRuns(), 4);
const email = (world: World) => goodOrJunk([...world.emails, 'SHOPPER@fuzz.test', ' shopper@fuzz.test ', 'a@b', '@fuzz.test']);

describe('account endpoints fuzz', () => {
  const account = () => callable(accountRoutes({ ...world.deps, loginLimits: noLoginLimits }));

  it.each(['GET', 'PATCH'] as const)('%s /api/account/', async (method) => {
    await fuzzHandler(world, {
      endpoint: `${method} /api/account/`, handler: account(),
      ...(method === 'PATCH' ? { body: { name: goodOrJunk(['Ada', ' ', 'a'.repeat(81)]), about: goodOrJunk(['Sea pictures', '', 'a'.repeat(501)]) } } : {}),
    });
  }, timeout);

  it('POST /api/account/join/', async () => {
    // A well-formed join hashes its password (a tenth of a second, on purpose), so only one body in
    // a hundred or so names a good email: the rest exercise everything before the hash.
    const joinEmail = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...world.emails, 'new@fuzz.test') }, { weight: 60, arbitrary: junkText });
    await fuzzHandler(world, {
      endpoint: 'POST /api/account/join/', handler: account(), prepare: restoreSessions,
      body: { name: goodOrJunk(['Ada', ' ']), email: joinEmail, password: goodOrJunk(['correct horse battery', 'short']) },
    });
  }, timeout);

  it('POST /api/account/login/', async () => {
    // The world's users have no password hash, so a well-formed log-in with their emails is quick to refuse.
    await fuzzHandler(world, {
      endpoint: 'POST /api/account/login/', handler: account(), prepare: restoreSessions,
      body: { email: goodOrJunk(world.emails), password: goodOrJunk(['correct horse battery', '']) },
    });
  }, timeout);

  it('POST /api/account/guest/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/account/guest/', handler: account(), prepare: restoreSessions,
      body: { email: fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...world.emails, 'guest@fuzz.test') }, { weight: 3, arbitrary: junkText }) },
    });
  }, timeout);

  it('POST /api/account/claim/', async () => {
    // Only a guest's session can keep its account; the world's sessions are not guests', so a
    // well-formed body is refused after its password is hashed: one in a hundred or so.
    const password = fc.oneof({ weight: 1, arbitrary: fc.constant('correct horse battery') }, { weight: 60, arbitrary: junkText });
    await fuzzHandler(world, { endpoint: 'POST /api/account/claim/', handler: account(), prepare: restoreSessions, body: { password } });
  }, timeout);

  it.each(['GET', 'DELETE'] as const)('%s /api/account/addresses/', async (method) => {
    await fuzzHandler(world, {
      endpoint: `${method} /api/account/addresses/`, handler: callable(addressBookRoutes(world.deps)),
      ...(method === 'DELETE' ? { query: { id: ['1', '2', '999999'] } } : {}),
    });
  }, timeout);

  it('POST /api/account/alerts/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/account/alerts/', handler: callable(alertRoutes(world.deps)),
      body: {
        query: goodOrJunk(['colours=blue&price_max=1000', 'painting=oil&ships_to=US&currency=USD', 'q=harbour&free_shipping=true', 'colours=sky']),
        name: goodOrJunk(['Blue and cheap', '']),
        frequency: goodOrJunk(['instant', 'daily', 'hourly']),
      },
    });
  }, timeout);

  it.each(['PATCH', 'DELETE'] as const)('%s /api/account/alerts/<id>/', async (method) => {
    await fuzzHandler(world, {
      endpoint: `${method} /api/account/alerts/1/`, handler: callable(alertRoutes(world.deps)),
      ...(method === 'PATCH' ? { body: { name: goodOrJunk(['Renamed']), frequency: goodOrJunk(['daily', 'instant']), paused: goodOrJunk([true, false]) } } : {}),
    });
  }, timeout);

  it('POST /api/alerts/unsubscribe/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /api/alerts/unsubscribe/', handler: callable(alertRoutes(world.deps)), body: { token: goodOrJunk(['A'.repeat(32), 'not a token']) } });
  }, timeout);

  it('GET /api/account/notifications/ and POST …/read/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /api/account/notifications/', handler: callable(alertRoutes(world.deps)) });
    await fuzzHandler(world, { endpoint: 'POST /api/account/notifications/read/', handler: callable(alertRoutes(world.deps)), body: { ids: goodOrJunk([[1, 2], []]) } });
  }, timeout);

  it('POST /api/account/confirm/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/account/confirm/', handler: account(), prepare: restoreSessions,
      body: { token: goodOrJunk(['A'.repeat(43), 'not-a-token']), password: goodOrJunk(['a-long-enough-password', 'short']) },
    });
  }, timeout);

  it('POST /api/marketing/newsletter/confirm/', async () => {
    await fuzzHandler(world, {
      endpoint: 'POST /api/marketing/newsletter/confirm/', handler: account(),
      body: { token: goodOrJunk(['A'.repeat(43), 'not-a-token']) },
    });
  }, timeout);

  it('POST /api/account/password/forgot/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /api/account/password/forgot/', handler: callable(passwordRoutes(world.deps)), body: { email: email(world) } });
  }, timeout);

  it('POST /api/account/password/reset/', async () => {
    // A made-up link is refused before its password is hashed, so every body here is quick.
    await fuzzHandler(world, {
      endpoint: 'POST /api/account/password/reset/', handler: callable(passwordRoutes(world.deps)), prepare: restoreSessions,
      body: { token: goodOrJunk(['A'.repeat(43), 'not-a-token']), password: goodOrJunk(['correct horse battery', 'short']) },
    });
  }, timeout);

  it('POST /api/account/logout/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /api/account/logout/', handler: account(), prepare: restoreSessions });
  }, timeout);

  it('POST /api/marketing/subscribe/newsletter/', async () => {
    const newsletter = fc.oneof({ weight: 1, arbitrary: fc.constantFrom('news@fuzz.test', 'NEWS@fuzz.test') }, { weight: 4, arbitrary: email(world) });
    await fuzzHandler(world, { endpoint: 'POST /api/marketing/subscribe/newsletter/', handler: account(), body: { email: newsletter } });
  }, timeout);
});

describe('artwork editing fuzz', () => {
  it('PATCH /api/product/edit/', async () => {
    const money = goodOrJunk<unknown>([100, 45_000, 99, 100_000_001, null], fc.oneof(fc.integer(), fc.double()));
    const cm = goodOrJunk<unknown>([0, 1, 40.5, 40.55, 2001], fc.oneof(fc.integer(), fc.double()));
    await fuzzHandler(world, {
      endpoint: 'PATCH /api/product/edit/', handler: callable(editRoutes(world.deps)),
      query: { slug: world.slugs.artworks },
      body: {
        title: goodOrJunk(['Blue harbour', ' ']), description: goodOrJunk(['Oil on canvas.']), price_minor: money, sale_price_minor: money,
        status: goodOrJunk([...EDITABLE_STATUSES, 'sold', 'reserved']), subject: goodOrJunk(SUBJECTS), style: goodOrJunk(STYLES),
        subcategory: goodOrJunk(['oil', 'acrylic', 'photography']), width_cm: cm, height_cm: cm, depth_cm: cm,
        framed: goodOrJunk<unknown>([true, false], fc.jsonValue()), ready_to_hang: goodOrJunk<unknown>([true, false], fc.jsonValue()),
        shipping_profile_id: goodOrJunk<unknown>([1, 2, 3, 10_000], fc.jsonValue()),
        category: goodOrJunk(['painting', 'sculpture', 'photography', 'tapestry']), medium: goodOrJunk(['Oil on linen', ' ']),
        colours: goodOrJunk<unknown>([['blue'], ['gold', 'red'], [], ['blue', 'blue'], ['a', 'b', 'c', 'd', 'e']], fc.jsonValue()),
        units: goodOrJunk(['cm', 'in', 'mm']), width: cm, height: cm, depth: cm, ships_from: goodOrJunk(['GB', 'FR', 'ZZ']),
      },
    });
  }, timeout);
});

describe('artist profile editing fuzz', () => {
  it('PATCH /api/artist/edit/', async () => {
    const year = goodOrJunk<unknown>([1899, 1900, 2019, 2100], fc.oneof(fc.integer(), fc.double(), fc.jsonValue()));
    const school = fc.record({ institution: goodOrJunk(['Glasgow School of Art', '']), course: goodOrJunk(['MA Fine Art']), year }, { requiredKeys: [] });
    const show = fc.record({
      year, title: goodOrJunk(['Tidelines', ' ']), venue: goodOrJunk(['Quay Contemporary']), city: goodOrJunk(['Bristol']), kind: goodOrJunk(['solo', 'group', 'duo']),
    }, { requiredKeys: [] });
    await fuzzHandler(world, {
      endpoint: 'PATCH /api/artist/edit/', handler: callable(artistCvRoutes(world.deps)),
      query: { slug: world.slugs.artists },
      body: {
        bio: goodOrJunk(['Paints the estuary.\n\nAnd the sea.', ' ', 'a'.repeat(4001)]),
        ships_from: goodOrJunk(['GB', 'FR', 'XX', 'gb']),
        education: goodOrJunk<unknown>([[]], fc.oneof(fc.array(school, { maxLength: 14 }), fc.jsonValue())),
        exhibitions: goodOrJunk<unknown>([[]], fc.oneof(fc.array(show, { maxLength: 62 }), fc.jsonValue())),
      },
    });
  }, timeout);
});

describe('staff tools fuzz', () => {
  const curationBody = (kind: 'theme' | 'campaign') => ({
    product: goodOrJunk(world.slugs.artworks),
    [kind]: goodOrJunk(kind === 'theme' ? world.slugs.themes : world.slugs.campaigns),
  });

  it.each(['theme', 'campaign'] as const)('GET, POST and DELETE the %s curation', async (kind) => {
    const handlers = callable(curationRoutes(kind, world.deps));
    const path = kind === 'theme' ? '/editors-picks/themes/' : '/dashboard/marketing/api/campaign/';
    await fuzzHandler(world, { endpoint: `GET ${path}`, handler: handlers, query: { product: world.slugs.artworks } });
    for (const method of ['POST', 'DELETE'] as const) {
      await fuzzHandler(world, { endpoint: `${method} ${path}`, handler: handlers, body: curationBody(kind) });
    }
  }, timeout * 3);

  it('POST /api/marketing/promote/product/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /api/marketing/promote/product/', handler: callable(promoteRoutes(world.deps)), body: { product: goodOrJunk(world.slugs.artworks) } });
  }, timeout);

  it('GET and POST /api/staff/index/', async () => {
    const handlers = callable(staffIndexRoutes({ getDb: world.deps.getDb, getAdmin: () => admin }));
    await fuzzHandler(world, { endpoint: 'GET /api/staff/index/', handler: handlers, settle: waitForRebuild });
    // A staff POST rebuilds the whole index (a second or two, which the next case waits for), so
    // staff cookies get a few cases and everyone else's the full count.
    await fuzzHandler(world, { endpoint: 'POST /api/staff/index/', handler: handlers, settle: waitForRebuild, sessions: COOKIES.filter((c) => c !== SESSIONS.staff) });
    await fuzzHandler(world, { endpoint: 'POST /api/staff/index/ (staff)', handler: handlers, settle: waitForRebuild, sessions: [SESSIONS.staff], runs: 10 });
  }, timeout * 2);
});
