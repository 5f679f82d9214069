import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { Db } from '@easel/data/db';
import { getAccountUser } from '@easel/data/queries/accounts';
import { signedInUserId } from '../api/context';
import { ApiError, NO_STORE } from '../api/errors';
import { json, jsonObject, query } from '../api/validate';
import { MAX_UPLOAD_BYTES, PHOTO_FIELD } from './limits';
import { listingSchema, photoOrderSchema, withdrawSchema, worksQuerySchema } from './listing';
import type { PhotoStore } from './photo-store';
import {
  addPhoto, createWork, deletePhoto, getArtistWork, getArtistWorks, publishWork, reorderPhotos, withdrawWork, type Actor,
} from './works';

/**
 * The artist's own room, `/api/artist/works/…`: list their works with what shoppers did with
 * each, create a draft, add, order and delete its photos (1 to 6, the first the main image),
 * publish it and take it off sale. Only the work's artist and staff act on a work; anyone else
 * is answered 404, as if it did not exist. Writes are rate limited and same-site only
 * (proxy.ts), bodies past their limit are 413, and a refusal writes nothing.
 *
 * GET    /api/artist/works/?status=         -> 200 ArtistWorksAnswer
 * POST   /api/artist/works/                 -> 201 { work } (a draft)
 * GET    /api/artist/works/<id>/            -> 200 { work }
 * POST   /api/artist/works/<id>/photos/     -> 201 { photo, photos } (multipart, one `file`; `?replace=<photo>` takes its place)
 * PUT    /api/artist/works/<id>/photos/     -> 200 { photos } ({ order: [photo ids] })
 * DELETE /api/artist/works/<id>/photos/<p>/ -> 200 { photos }
 * POST   /api/artist/works/<id>/publish/    -> 200 { work }, or 409 naming what is missing
 * POST   /api/artist/works/<id>/withdraw/   -> 200 { work } ({ reason: 'withdrawn' | 'sold_elsewhere' })
 */

/** A listing's words fit in a few kilobytes. */
const MAX_JSON_BYTES = 16 * 1024;

export interface ListingDeps {
  getDb: () => Promise<Db>;
  getPhotoStore: () => PhotoStore;
}

const idSchema = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be a whole number').max(2 ** 31 - 1, 'must be a whole number');
const photoParams = z.object({ id: idSchema, photo: idSchema });
const replaceQuery = z.object({ replace: idSchema.optional() });

/** The signed-in account: 401 signed out. `artistId` is null for an account without an artist profile. */
async function actorOf(c: Context, getDb: () => Promise<Db>): Promise<Actor> {
  const userId = await signedInUserId(c, getDb);
  const user = userId === null ? undefined : await getAccountUser(await getDb(), userId);
  if (!user) throw new ApiError(401, 'not_signed_in', { key: 'listing.signIn' });
  return { staff: user.role === 'staff', artistId: user.role === 'provider' ? user.artist_id : null };
}

/** The signed-in artist's own profile id: 403 for an account without one. */
async function artistIdOf(c: Context, getDb: () => Promise<Db>): Promise<number> {
  const { artistId } = await actorOf(c, getDb);
  if (artistId === null) throw new ApiError(403, 'forbidden', { key: 'listing.notArtist' });
  return artistId;
}

/** The signed-in artist, before anything of the request is read: 401 signed out, 403 for an account that is not an artist's. */
const asArtist = (getDb: () => Promise<Db>) =>
  createMiddleware<{ Variables: { artistId: number } }>(async (c, next) => {
    c.set('artistId', await artistIdOf(c, getDb));
    await next();
  });

/** A work the actor may act on, by the path's id: anyone else's, or none, is 404. */
const ownWork = (getDb: () => Promise<Db>) =>
  createMiddleware<{ Variables: { actor: Actor; workId: number } }>(async (c, next) => {
    const actor = await actorOf(c, getDb);
    const id = Number(c.req.param('id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, 'not_found', { key: 'listing.notFound' }, 'id');
    const work = await getArtistWork(await getDb(), actor, id);
    if (!work) throw new ApiError(404, 'not_found', { key: 'listing.notFound' }, 'id');
    c.set('actor', actor);
    c.set('workId', id);
    await next();
  });

const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES,
  onError: () => {
    throw new ApiError(413, 'payload_too_large', { key: 'listing.photo.tooLarge', values: { file: PHOTO_FIELD } }, PHOTO_FIELD);
  },
});

/** The one file of a multipart upload: 400 naming the field when there is none. */
async function uploadedFile(c: Context): Promise<File> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new ApiError(400, 'invalid_parameter', { key: 'listing.photo.missing' }, PHOTO_FIELD);
  }
  const file = form[PHOTO_FIELD];
  if (!(file instanceof File)) throw new ApiError(400, 'invalid_parameter', { key: 'listing.photo.missing' }, PHOTO_FIELD);
  return file;
}

export const listingRoutes = ({ getDb, getPhotoStore }: ListingDeps) => {
  const own = ownWork(getDb);
  const artist = asArtist(getDb);
  return new Hono()
    .get('/api/artist/works/', artist, query(worksQuerySchema), async (c) => {
      const answer = await getArtistWorks(await getDb(), c.get('artistId'), c.req.valid('query').status);
      return c.json(answer, 200, NO_STORE);
    })
    .post('/api/artist/works/', artist, jsonObject(MAX_JSON_BYTES, '{ "title": "Tide", "category": "painting", … }'), json(listingSchema), async (c) => {
      const work = await createWork(await getDb(), c.get('artistId'), c.req.valid('json'), new Date().toISOString());
      return c.json({ work }, 201, NO_STORE);
    })
    .get('/api/artist/works/:id/', own, async (c) => {
      const work = await getArtistWork(await getDb(), c.get('actor'), c.get('workId'));
      if (!work) throw new ApiError(404, 'not_found', { key: 'listing.notFound' }, 'id');
      return c.json({ work }, 200, NO_STORE);
    })
    .post('/api/artist/works/:id/photos/', own, query(replaceQuery), uploadLimit, async (c) => {
      const file = await uploadedFile(c);
      const outcome = await addPhoto({ db: await getDb(), store: getPhotoStore() }, c.get('workId'), file, c.req.valid('query').replace);
      return c.json(outcome, 201, NO_STORE);
    })
    .put('/api/artist/works/:id/photos/', own, jsonObject(MAX_JSON_BYTES, '{ "order": [12, 11] }'), json(photoOrderSchema), async (c) => {
      const photos = await reorderPhotos(await getDb(), c.get('workId'), c.req.valid('json').order);
      return c.json({ photos }, 200, NO_STORE);
    })
    .delete('/api/artist/works/:id/photos/:photo/', own, async (c) => {
      const photo = photoParams.safeParse(c.req.param());
      if (!photo.success) throw new ApiError(404, 'not_found', { key: 'listing.photo.notFound' }, 'photo');
      const photos = await deletePhoto({ db: await getDb(), store: getPhotoStore() }, c.get('workId'), photo.data.photo, new Date().toISOString());
      return c.json({ photos }, 200, NO_STORE);
    })
    .post('/api/artist/works/:id/publish/', own, async (c) => {
      const work = await publishWork(await getDb(), c.get('workId'), new Date().toISOString());
      return c.json({ work }, 200, NO_STORE);
    })
    .post('/api/artist/works/:id/withdraw/', own, jsonObject(MAX_JSON_BYTES, '{ "reason": "sold_elsewhere" }'), json(withdrawSchema), async (c) => {
      const work = await withdrawWork(await getDb(), c.get('workId'), c.req.valid('json').reason, new Date().toISOString());
      return c.json({ work }, 200, NO_STORE);
    });
};
