import exifReader from 'exif-reader';
import { Hono } from 'hono';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { getIndexableArtworksByIds } from '@easel/data/queries/search-source';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { addSession, addUser, databaseDigest, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { speakingShoppersLanguage } from '../settings/request-language';
import { listingRoutes } from './listing-api';
import { MAX_UPLOAD_BYTES } from './limits';
import type { ArtistWork, ArtistWorksAnswer, ListingInput, ListingPhoto } from './listing';
import { answerPhotoRequest } from './photo-media';
import { createDatabasePhotoStore } from './photo-store';
import { phonePhoto, plainPhoto } from './photos.fixture';

let temp: TemporaryDatabase;
let db: Db;
let call: (request: Request) => Promise<Response>;
let artist: { id: number; profileId: number; shipsFrom: string };
let seededWork: { id: number; artist_id: number };

const noLimits = { check: async () => null };

beforeAll(async () => {
  temp = await openTemporaryDatabase('listing-api', { seed: 3, artworks: 60 });
  db = temp.db;
  const getDb = async () => db;
  call = callable(new Hono().use(speakingShoppersLanguage(getDb)).route('/', listingRoutes({ getDb, getPhotoStore: () => createDatabasePhotoStore(getDb) })));
  const profile = await db.selectFrom('shipping_profiles').select(['id', 'artist_id', 'ships_from']).orderBy('id').executeTakeFirstOrThrow();
  artist = { id: profile.artist_id, profileId: profile.id, shipsFrom: profile.ships_from };
  seededWork = await db.selectFrom('artworks').select(['id', 'artist_id']).where('artist_id', '=', artist.id).orderBy('id').executeTakeFirstOrThrow();
  const other = await db.selectFrom('artists').select('id').where('id', '!=', artist.id).orderBy('id').executeTakeFirstOrThrow();
  const signedIn = async (token: string, role: 'user' | 'provider' | 'staff', artistId: number | null, language: 'en-gb' | 'en-us' = 'en-gb') => {
    const id = await addUser(db, { currency: 'GBP', country: 'GB', display_units: 'cm', language }, `${token}@example.com`);
    await db.updateTable('users').set({ role, artist_id: artistId }).where('id', '=', id).execute();
    await addSession(db, token, id);
  };
  await signedIn('owner', 'provider', artist.id);
  await signedIn('american', 'provider', artist.id, 'en-us');
  await signedIn('stranger', 'provider', other.id);
  await signedIn('staff', 'staff', null);
  await signedIn('shopper', 'user', null);
}, 60_000);
afterAll(() => temp.close());

const listing = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Low Tide, Morning', description: 'Oil on linen, painted at the harbour wall.', category: 'painting', subcategory: 'oil',
  subject: 'seascape', style: 'impressionist', colours: ['blue', 'grey'], units: 'in', width: 20, height: 16, depth: 1,
  framed: false, ready_to_hang: true, price_minor: 65_000, sale_price_minor: null, shipping_profile_id: artist.profileId, ships_from: artist.shipsFrom as ListingInput['ships_from'],
  ...overrides,
});

const request = (method: string, path: string, { token, body, form }: { token?: string; body?: unknown; form?: FormData } = {}) =>
  call(new Request(`http://shop.test${path}`, {
    method,
    headers: { ...(token ? { cookie: `sessionid=${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: form ?? (body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)),
  }));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; param?: string } }).error;
const photoForm = (bytes: Uint8Array, name = 'IMG_0001.jpg', type = 'image/jpeg') => {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return form;
};
const createDraft = async (token = 'owner', overrides: Partial<ListingInput> = {}) => {
  const response = await request('POST', '/api/artist/works/', { token, body: listing(overrides) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { work: ArtistWork }).work;
};
const upload = async (workId: number, bytes: Uint8Array, { token = 'owner', replace }: { token?: string; replace?: number } = {}) =>
  request('POST', `/api/artist/works/${workId}/photos/${replace ? `?replace=${replace}` : ''}`, { token, form: photoForm(bytes) });

describe('POST /api/artist/works/', () => {
  it('creates a draft from the fields, sizes turned into centimetres, and answers 201 with it', async () => {
    const work = await createDraft();
    expect(work).toMatchObject({ status: 'draft', title: 'Low Tide, Morning', price_minor: 65_000, published_at: null, photos: [], image: null, counts: { views: 0, favourites: 0, basket_adds: 0 } });
    expect(work.slug).toBe(`low-tide-morning-${work.id}`);
    const row = await db.selectFrom('artworks').selectAll().where('id', '=', work.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'hidden', width_cm: 50.8, height_cm: 40.6, depth_cm: 2.5, orientation: 'landscape', medium: 'Oil on canvas', artist_id: artist.id });
  });

  it('refuses each bad field with 400 naming it, in the artist’s English, and writes nothing', async () => {
    const before = await databaseDigest(db);
    const cases: [Partial<ListingInput> | string, string, RegExp][] = [
      [{ title: '  ' }, 'title', /^Title: /],
      [{ subcategory: 'bronze' }, 'subcategory', /^Subcategory: /],
      [{ colours: [] }, 'colours', /^Colours: /],
      [{ colours: ['blue', 'blue'] }, 'colours', /^Colours: /],
      [{ width: 0 }, 'width', /^Width: /],
      [{ width: 800, units: 'in' }, 'width', /^Width: /],
      [{ depth: 1.25 }, 'depth', /^Depth: /],
      [{ price_minor: 99 }, 'price_minor', /^Price: /],
      [{ sale_price_minor: 70_000 }, 'sale_price_minor', /^Sale price: /],
      [{ shipping_profile_id: 999_999 }, 'shipping_profile_id', /^Shipping profile: /],
      [{ ships_from: artist.shipsFrom === 'FR' ? 'DE' : 'FR' }, 'ships_from', /^Ships from: /],
      [{ subject: 'dragons' as never }, 'subject', /^Subject: /],
    ];
    for (const [overrides, param, message] of cases) {
      const response = await request('POST', '/api/artist/works/', { token: 'owner', body: typeof overrides === 'string' ? overrides : listing(overrides) });
      expect(response.status, param).toBe(400);
      const error = await errorOf(response);
      expect(error.param).toBe(param);
      expect(error.message).toMatch(message);
    }
    const american = await errorOf(await request('POST', '/api/artist/works/', { token: 'american', body: listing({ colours: [] }) }));
    expect(american.message).toBe('Colors: choose 1 to 4 different colors from the list, the main one first.');
    expect((await request('POST', '/api/artist/works/', { token: 'owner', body: { ...listing(), secret: 1 } })).status).toBe(400);
    expect((await request('POST', '/api/artist/works/', { token: 'owner', body: 'x'.repeat(20_000) })).status).toBe(413);
    expect(await databaseDigest(db)).toBe(before);
  });

  it('is for artists: 401 signed out, 403 for a shopper, whatever the body or query says', async () => {
    expect((await request('POST', '/api/artist/works/', { body: listing() })).status).toBe(401);
    // Who asks is settled before what they sent is read: a bad body tells an outsider nothing.
    expect((await request('POST', '/api/artist/works/', { body: { title: '' } })).status).toBe(401);
    expect((await request('POST', '/api/artist/works/', { token: 'shopper', body: { title: '' } })).status).toBe(403);
    expect((await request('GET', '/api/artist/works/?status=junk')).status).toBe(401);
    expect((await request('POST', '/api/artist/works/not-a-number/publish/')).status).toBe(401);
    expect(await errorOf(await request('POST', '/api/artist/works/', { token: 'shopper', body: listing() }))).toMatchObject({ code: 'forbidden' });
    expect((await request('GET', '/api/artist/works/', { token: 'shopper' })).status).toBe(403);
  });
});

describe('photos, publishing and taking off sale', () => {
  it('lists a work: a phone photo stored upright without GPS at every width, then published with one catalogue change', async () => {
    const work = await createDraft();
    const refused = await request('POST', `/api/artist/works/${work.id}/publish/`, { token: 'owner' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'conflict', param: 'photos', message: expect.stringMatching(/^Photos: add at least one photo/) });

    const uploaded = await upload(work.id, await phonePhoto());
    expect(uploaded.status).toBe(201);
    const { photo, photos } = (await uploaded.json()) as { photo: ListingPhoto; photos: ListingPhoto[] };
    expect(photo).toMatchObject({ position: 0, width: 3000, height: 4000, url: expect.stringMatching(/^\/media\/photos\/[0-9a-f]{32}\/640\.webp$/) });
    expect(photos).toEqual([photo]);
    const key = photo.url.split('/')[3]!;
    for (const width of IMAGE_WIDTHS) {
      expect(photo.srcset).toContain(`/media/photos/${key}/${width}.webp ${width}w`);
      const served = await answerPhotoRequest(new Request('http://shop.test'), [key, `${width}.webp`], { store: createDatabasePhotoStore(async () => db), limits: noLimits });
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: Math.min(width, 3000) });
      expect(meta.height).toBeGreaterThan(meta.width);
      expect(meta.exif === undefined || exifReader(meta.exif).GPSInfo === undefined).toBe(true);
      expect(meta.exif).toBeUndefined();
    }

    const changes = async () => (await db.selectFrom('catalogue_changes').select('artwork_id').where('artwork_id', '=', work.id).execute()).length;
    const before = await changes();
    const published = await request('POST', `/api/artist/works/${work.id}/publish/`, { token: 'owner' });
    expect(published.status).toBe(200);
    const { work: live } = (await published.json()) as { work: ArtistWork };
    expect(live).toMatchObject({ status: 'for_sale', image: { url: photo.url } });
    expect(live.published_at).not.toBeNull();
    expect(await changes()).toBe(before + 1);
    const [indexable] = await getIndexableArtworksByIds(db, [work.id]);
    expect(indexable).toMatchObject({ status: 'available', photos: [{ photo_key: key, width: 3000, height: 4000 }] });

    const withdrawn = await request('POST', `/api/artist/works/${work.id}/withdraw/`, { token: 'owner', body: {} });
    expect(((await withdrawn.json()) as { work: ArtistWork }).work.status).toBe('withdrawn');
    expect(await changes()).toBe(before + 2);
    expect((await request('POST', `/api/artist/works/${work.id}/publish/`, { token: 'owner' })).status).toBe(200);
    const soldElsewhere = await request('POST', `/api/artist/works/${work.id}/withdraw/`, { token: 'owner', body: { reason: 'sold_elsewhere' } });
    expect(((await soldElsewhere.json()) as { work: ArtistWork }).work).toMatchObject({ status: 'sold', sold_elsewhere: true });
    expect(await changes()).toBe(before + 4);
    expect(await errorOf(await request('POST', `/api/artist/works/${work.id}/publish/`, { token: 'owner' }))).toMatchObject({ code: 'conflict', param: 'status' });
  }, 60_000);

  it('keeps photos in the artist’s order: add up to six, reorder, replace in place, delete', async () => {
    const work = await createDraft();
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await upload(work.id, await plainPhoto('png', { width: 1200 + i, height: 900 }));
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { photo: ListingPhoto }).photo.id);
    }
    const before = await databaseDigest(db);
    const seventh = await upload(work.id, await plainPhoto('png'));
    expect(seventh.status).toBe(409);
    expect((await errorOf(seventh)).message).toMatch(/^Photos: a work has at most 6 photos/);
    expect(await databaseDigest(db)).toBe(before);

    const order = [...ids].reverse();
    const reordered = await request('PUT', `/api/artist/works/${work.id}/photos/`, { token: 'owner', body: { order } });
    expect(((await reordered.json()) as { photos: ListingPhoto[] }).photos.map((p) => p.id)).toEqual(order);
    expect((await request('PUT', `/api/artist/works/${work.id}/photos/`, { token: 'owner', body: { order: order.slice(1) } })).status).toBe(400);

    const replaced = await upload(work.id, await plainPhoto('webp', { width: 2000, height: 1500 }), { replace: order[0] });
    expect(replaced.status).toBe(201);
    const afterReplace = ((await replaced.json()) as { photos: ListingPhoto[] }).photos;
    expect(afterReplace).toHaveLength(6);
    expect(afterReplace[0]).toMatchObject({ width: 2000, position: 0 });
    expect(afterReplace.slice(1).map((p) => p.id)).toEqual(order.slice(1));
    const keys = await db.selectFrom('photo_files').select('photo_key').distinct().execute();
    const rows = await db.selectFrom('artwork_photos').select('photo_key').execute();
    expect(new Set(keys.map((k) => k.photo_key))).toEqual(new Set(rows.map((r) => r.photo_key)));

    const deleted = await request('DELETE', `/api/artist/works/${work.id}/photos/${afterReplace[2]!.id}/`, { token: 'owner' });
    const left = ((await deleted.json()) as { photos: ListingPhoto[] }).photos;
    expect(left.map((p) => p.position)).toEqual([0, 1, 2, 3, 4]);
    expect(left.map((p) => p.id)).not.toContain(afterReplace[2]!.id);
  }, 120_000);

  it('refuses a file that is not an image, naming it, and one past the body limit, writing nothing', async () => {
    const work = await createDraft();
    const before = await databaseDigest(db);
    const notImage = await call(new Request(`http://shop.test/api/artist/works/${work.id}/photos/`, {
      method: 'POST', headers: { cookie: 'sessionid=owner' }, body: photoForm(Buffer.from('%PDF-1.7 a price list'), 'prices.jpg'),
    }));
    expect(notImage.status).toBe(415);
    expect(await errorOf(notImage)).toMatchObject({ code: 'unsupported_media_type', param: 'file', message: 'Photo “prices.jpg”: this file is not a JPEG, PNG, WebP or AVIF image.' });
    const small = await upload(work.id, await plainPhoto('jpeg', { width: 1000, height: 750 }));
    expect(await errorOf(small)).toMatchObject({ code: 'invalid_parameter', message: expect.stringContaining('its longest side is 1,000 px') });
    const tooBig = await upload(work.id, new Uint8Array(MAX_UPLOAD_BYTES + 1));
    expect(tooBig.status).toBe(413);
    const noFile = await request('POST', `/api/artist/works/${work.id}/photos/`, { token: 'owner', form: new FormData() });
    expect(await errorOf(noFile)).toMatchObject({ code: 'invalid_parameter', param: 'file' });
    expect(await databaseDigest(db)).toBe(before);
  }, 60_000);
});

describe('who may act on a work', () => {
  it('answers 404 to another artist on every path, as if the work did not exist, and writes nothing', async () => {
    const work = await createDraft();
    const photo = ((await (await upload(work.id, await plainPhoto('png'))).json()) as { photo: ListingPhoto }).photo;
    const before = await databaseDigest(db);
    const attempts = [
      request('GET', `/api/artist/works/${work.id}/`, { token: 'stranger' }),
      request('POST', `/api/artist/works/${work.id}/photos/`, { token: 'stranger', form: photoForm(await plainPhoto('png')) }),
      request('PUT', `/api/artist/works/${work.id}/photos/`, { token: 'stranger', body: { order: [photo.id] } }),
      request('DELETE', `/api/artist/works/${work.id}/photos/${photo.id}/`, { token: 'stranger' }),
      request('POST', `/api/artist/works/${work.id}/publish/`, { token: 'stranger' }),
      request('POST', `/api/artist/works/${work.id}/withdraw/`, { token: 'stranger', body: {} }),
      request('POST', `/api/artist/works/${work.id}/publish/`, { token: 'shopper' }),
      request('POST', '/api/artist/works/999999/publish/', { token: 'owner' }),
    ];
    const answers = await Promise.all(attempts);
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect(await databaseDigest(db)).toBe(before);
    const list = (await (await request('GET', '/api/artist/works/', { token: 'stranger' })).json()) as ArtistWorksAnswer;
    expect(list.works.map((w) => w.id)).not.toContain(work.id);
    // Staff may act on any work.
    expect((await request('POST', `/api/artist/works/${work.id}/publish/`, { token: 'staff' })).status).toBe(200);
  }, 60_000);
});

describe('GET /api/artist/works/', () => {
  it('lists the artist’s works newest first with the figure for each status, shoppers’ counts and a picture for each', async () => {
    const answer = (await (await request('GET', '/api/artist/works/', { token: 'owner' })).json()) as ArtistWorksAnswer;
    const rows = await db.selectFrom('artworks').select(['id']).where('artist_id', '=', artist.id).execute();
    expect(answer.works).toHaveLength(rows.length);
    expect(Object.values(answer.status_counts).reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(answer.status_counts.draft).toBeGreaterThan(0);
    const created = answer.works.map((w) => w.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const seeded = answer.works.find((w) => w.id === seededWork.id)!;
    expect(seeded.image?.url).toMatch(/^\/media\/art\//);
    expect(answer.shipping_profiles.map((p) => p.id)).toContain(artist.profileId);

    const drafts = (await (await request('GET', '/api/artist/works/?status=draft', { token: 'owner' })).json()) as ArtistWorksAnswer;
    expect(drafts.works.every((w) => w.status === 'draft')).toBe(true);
    expect(drafts.works).toHaveLength(answer.status_counts.draft);
    expect((await request('GET', '/api/artist/works/?status=lost', { token: 'owner' })).status).toBe(400);
  });
});
