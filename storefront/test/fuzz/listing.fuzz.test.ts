import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { addPhotoRow, createDraft } from '@easel/data/queries/listings';
import { putPhotoFiles } from '@easel/data/queries/photo-files';
import { COLOUR_VALUES, LISTING_STATUSES, STYLES, SUBJECTS, WITHDRAW_REASONS } from '@easel/shared/vocabulary';
import { DEFAULT_RUNS, fuzzEndpoint, fuzzRuns, fuzzTimeout, goodOrJunk, junkCookie, junkHeaders, junkQuery, junkText } from '../../../data/test/fuzz';
import { callable } from '../../lib/api/testing';
import { listingRoutes } from '../../lib/listing/listing-api';
import { createDatabasePhotoStore } from '../../lib/listing/photo-store';
import { phonePhoto, plainPhoto, pngBomb } from '../../lib/listing/photos.fixture';
import { COOKIES, fuzzHandler, openWorld, SESSIONS, writesSoFar, type World } from './world';

/**
 * An artist's listing routes fuzzed in-process with every role's cookie: the listing's JSON, the
 * photo order, publishing and withdrawing, and photo uploads with generated files (junk bytes,
 * bytes that start like an image, broken and oversized images, decompression bombs, now and then
 * a good photo). See docs/FUZZING.md.
 */

let world: World;
let handler: (request: Request) => Promise<Response>;
let own: { work: number; photo: number };
let othersWork: number;
let profileId: number;
let shipsFrom: string;
let files: Uint8Array[];
let goodPhoto: Uint8Array;

beforeAll(async () => {
  world = await openWorld('listing');
  const { db } = world;
  handler = callable(listingRoutes({ ...world.deps, getPhotoStore: () => createDatabasePhotoStore(world.deps.getDb) }));
  const provider = await db.selectFrom('users').select('artist_id').where('email', '=', 'artist@fuzz.test').executeTakeFirstOrThrow();
  const profile = await db.selectFrom('shipping_profiles').select(['id', 'ships_from']).where('artist_id', '=', provider.artist_id!).executeTakeFirstOrThrow();
  [profileId, shipsFrom] = [profile.id, profile.ships_from];
  const draft = await createDraft(db, provider.artist_id!, {
    title: 'Fuzzed', description: 'A work the fuzz acts on.', category: 'painting', subcategory: 'oil', subject: 'abstract', style: 'abstract',
    colours: ['blue'], width_cm: 50, height_cm: 40, depth_cm: 2, framed: false, ready_to_hang: false, price_minor: 30_000, sale_price_minor: null,
    shipping_profile_id: profile.id, ships_from: profile.ships_from,
  }, new Date().toISOString());
  if (!draft.ok) throw new Error(draft.reason);
  const key = 'f'.repeat(32);
  await putPhotoFiles(db, key, new Map([[320, new Uint8Array([1])]]), new Date().toISOString());
  const photo = await addPhotoRow(db, draft.id, { key, width: 1600, height: 1200 }, { maxPhotos: 6, now: new Date().toISOString() });
  if (!photo.ok) throw new Error(photo.reason);
  own = { work: draft.id, photo: photo.id };
  othersWork = (await db.selectFrom('artworks').select('id').where('artist_id', '!=', provider.artist_id!).orderBy('id').executeTakeFirstOrThrow()).id;
  const phone = await phonePhoto({ width: 2000, height: 1500 });
  goodPhoto = await plainPhoto('jpeg', { width: 1200, height: 900 });
  files = [
    await plainPhoto('png', { width: 400, height: 300 }),
    await plainPhoto('webp', { width: 1199, height: 800 }),
    phone.subarray(0, 3000),
    pngBomb(),
    pngBomb(8000, 7000),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"/>'),
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: 'white' } }).gif().toBuffer(),
  ];
}, 60_000);
afterAll(() => world?.close());

const timeout = fuzzTimeout(fuzzRuns(), 6);
const workPaths = () => [own.work, othersWork, 999_999];
const listingFields = () => ({
  title: goodOrJunk(['Harbour', ' ', 'a'.repeat(121)]),
  description: goodOrJunk(['Oil on board.', '']),
  category: goodOrJunk(['painting', 'sculpture', 'PAINTING']),
  subcategory: goodOrJunk(['oil', 'bronze', 'watercolour']),
  medium: goodOrJunk(['Oil on linen', undefined as never]),
  subject: goodOrJunk([...SUBJECTS.slice(0, 3)]),
  style: goodOrJunk([...STYLES.slice(0, 3)]),
  colours: goodOrJunk<unknown>([['blue'], [...COLOUR_VALUES.slice(0, 5)], [], ['blue', 'blue']], fc.array(junkText, { maxLength: 5 })),
  units: goodOrJunk(['cm', 'in', 'mm']),
  width: goodOrJunk<unknown>([40, 0, 0.05, 2000, 800, -1], fc.double()),
  height: goodOrJunk<unknown>([30, 12.5, 1e309], fc.double()),
  depth: goodOrJunk<unknown>([0, 2, 1.25], fc.double()),
  framed: goodOrJunk<unknown>([true, false, 'true', 0]),
  ready_to_hang: goodOrJunk<unknown>([true, false, null]),
  price_minor: goodOrJunk<unknown>([45_000, 99, 100_000_001, 450.5], fc.integer()),
  sale_price_minor: goodOrJunk<unknown>([null, 40_000, 50_000], fc.integer()),
  shipping_profile_id: goodOrJunk<unknown>([profileId, 999_999, 0, -1], fc.integer()),
  ships_from: goodOrJunk([shipsFrom, 'FR', 'XX']),
});

describe('listing endpoints fuzz', () => {
  it('POST /api/artist/works/', async () => {
    await fuzzHandler(world, { endpoint: 'POST /api/artist/works/', handler, body: listingFields() });
  }, timeout);

  it('GET /api/artist/works/', async () => {
    await fuzzHandler(world, { endpoint: 'GET /api/artist/works/', handler, query: { status: [...LISTING_STATUSES, 'sold_elsewhere'] } });
  }, timeout);

  it.each(['own', 'another artist’s', 'no'] as const)('PUT /api/artist/works/<id>/photos/ on %s work', async (whose) => {
    const id = workPaths()[['own', 'another artist’s', 'no'].indexOf(whose)]!;
    await fuzzHandler(world, {
      endpoint: `PUT /api/artist/works/${id}/photos/`, handler, runs: whose === 'own' ? DEFAULT_RUNS : DEFAULT_RUNS / 10,
      body: { order: goodOrJunk<unknown>([[own.photo], [], [own.photo, own.photo], [1, 2, 3, 4, 5, 6, 7]], fc.array(fc.integer(), { maxLength: 8 })) },
    });
  }, timeout);

  it.each(['publish', 'withdraw'] as const)('POST /api/artist/works/<id>/%s/', async (action) => {
    for (const id of workPaths()) {
      await fuzzHandler(world, {
        endpoint: `POST /api/artist/works/${id}/${action}/`, handler, runs: id === own.work ? DEFAULT_RUNS : DEFAULT_RUNS / 10,
        body: { reason: goodOrJunk([...WITHDRAW_REASONS, 'sold']) },
      });
    }
  }, timeout);

  it('DELETE /api/artist/works/<id>/photos/<photo>/', async () => {
    for (const path of [`${othersWork}/photos/${own.photo}`, `${own.work}/photos/999999`, `${own.work}/photos/${own.photo}`]) {
      await fuzzHandler(world, { endpoint: `DELETE /api/artist/works/${path}/`, handler, runs: DEFAULT_RUNS / 10 });
    }
  }, timeout);

  it('POST /api/artist/works/<id>/photos/ with generated files', async () => {
    const magic = fc.constantFrom([0xff, 0xd8, 0xff], [...Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')], [...Buffer.from('RIFF\0\0\0\0WEBP', 'latin1')], [...Buffer.from('\0\0\0\x1cftypavif', 'latin1')]);
    const bytes = fc.oneof(
      { weight: 4, arbitrary: fc.uint8Array({ maxLength: 512 }) },
      { weight: 4, arbitrary: fc.tuple(magic, fc.uint8Array({ maxLength: 512 })).map(([head, tail]) => Uint8Array.from([...head, ...tail])) },
      { weight: 4, arbitrary: fc.constantFrom(...files) },
      { weight: 1, arbitrary: fc.constant(null).map(() => new Uint8Array(0)) },
      // A good photo now and then: the work fills to six, and the next is refused before it is processed.
      { weight: 1, arbitrary: fc.constant(null).map(() => goodPhoto) },
    );
    const upload = fc.record({
      field: goodOrJunk(['file'], junkText, 6),
      name: goodOrJunk(['IMG_0001.jpg', 'photo.png', ''], junkText),
      type: goodOrJunk(['image/jpeg', 'application/pdf', ''], junkText),
      bytes,
      shape: fc.constantFrom('one file', 'one file', 'one file', 'two files', 'text field', 'raw bytes', 'no body'),
      path: fc.oneof({ weight: 4, arbitrary: fc.constant(own.work) }, { weight: 1, arbitrary: fc.constantFrom(...workPaths()) }),
      query: fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: junkQuery({ replace: [String(own.photo), '0', '999999'] }) }),
      // Mostly the artist's own session, so most files reach the photo pipeline.
      cookie: fc.oneof({ weight: 3, arbitrary: fc.constant(`sessionid=${SESSIONS.provider}`) }, { weight: 1, arbitrary: junkCookie(COOKIES) }),
      headers: junkHeaders,
    });
    await fuzzEndpoint({
      name: 'POST /api/artist/works/<id>/photos/',
      runs: fuzzRuns(),
      arbitrary: upload,
      writes: () => writesSoFar(world.db),
      send: (u) => {
        const headers = new Headers(u.headers);
        if (u.cookie !== null) headers.set('cookie', u.cookie);
        let body: FormData | Uint8Array<ArrayBuffer> | undefined;
        if (u.shape === 'raw bytes') {
          headers.set('content-type', 'multipart/form-data; boundary=fuzz');
          body = new Uint8Array(u.bytes);
        } else if (u.shape !== 'no body') {
          const form = new FormData();
          const file = new File([new Uint8Array(u.bytes)], u.name, { type: u.type.replace(/[^\x20-\x7e]/g, '') });
          if (u.shape === 'text field') form.set(u.field, u.name);
          else form.append(u.field, file);
          if (u.shape === 'two files') form.append(u.field, file);
          body = form;
        }
        return handler(new Request(`http://shop.test/api/artist/works/${u.path}/photos/${u.query ? `?${u.query}` : ''}`, { method: 'POST', headers, body }));
      },
    });
  }, fuzzTimeout(fuzzRuns(), 12));
});
