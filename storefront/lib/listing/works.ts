import { randomBytes } from 'node:crypto';
import type { Db } from '@easel/data/db';
import {
  addPhotoRow, createDraft, deletePhotoRow, getArtistWorkRow, getArtistWorkRows, getPhotos, getShippingProfiles,
  publishListing, reorderPhotoRows, withdrawListing, type ArtistWorkRow, type PhotoRow,
} from '@easel/data/queries/listings';
import { imageSpecOf } from '@easel/indexer/documents';
import { artworkImageUrl, IMAGE_WIDTHS, photoUrl, srcSetOf } from '@easel/shared/media';
import type { ListingStatus, WithdrawReason } from '@easel/shared/vocabulary';
import { ApiError } from '../api/errors';
import { MAX_PHOTOS, PHOTO_FIELD } from './limits';
import { toCentimetres, type ArtistWork, type ArtistWorksAnswer, type Listing, type ListingPhoto } from './listing';
import { processPhoto, type PhotoRefusal } from './photo-pipeline';
import type { PhotoStore } from './photo-store';

/**
 * What the listing routes do, between the checked request and the data layer: each refusal of
 * the data layer becomes the API's error, worded for the artist, and each row the answer's shape.
 */

/** Who acts on a work: staff act on any, an artist on their own. */
export interface Actor {
  staff: boolean;
  artistId: number | null;
}

const CARD_WIDTH = 640;
/** Files older than this that no photo names are an upload that stopped halfway (none takes this long). */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/** A photo row -> its addresses: { photo_key: 'ab…', … } -> { url: '/media/photos/ab…/640.webp', srcset: '… 320w, …' }. */
export function toListingPhoto(row: PhotoRow): ListingPhoto {
  const url = photoUrl(row.photo_key, CARD_WIDTH);
  return { id: row.id, position: row.position, width: row.width, height: row.height, url, srcset: srcSetOf(url, IMAGE_WIDTHS) };
}

function mainImage(row: ArtistWorkRow): ArtistWork['image'] {
  const first = row.photos[0];
  if (first) {
    const { url, srcset } = toListingPhoto(first);
    return { url, srcset };
  }
  if (row.picture_seed === null) return null;
  const spec = imageSpecOf({ ...row, images: [{ kind: 'main', seed: row.picture_seed, aspect_milli: row.picture_aspect_milli ?? 1000 }] });
  const url = artworkImageUrl(spec, CARD_WIDTH);
  return { url, srcset: srcSetOf(url) };
}

export function toArtistWork(row: ArtistWorkRow): ArtistWork {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    sold_elsewhere: row.sold_elsewhere,
    title: row.title,
    price_minor: row.price_minor,
    sale_price_minor: row.sale_price_minor,
    created_at: row.created_at,
    published_at: row.published_at,
    image: mainImage(row),
    photos: row.photos.map(toListingPhoto),
    counts: row.counts,
    url: `/product/${row.slug}/`,
  };
}

export async function getArtistWorks(db: Db, artistId: number, status?: ListingStatus): Promise<ArtistWorksAnswer> {
  const [{ works, statusCounts }, shipping_profiles] = await Promise.all([getArtistWorkRows(db, artistId, status), getShippingProfiles(db, artistId)]);
  return { works: works.map(toArtistWork), status_counts: statusCounts, shipping_profiles };
}

/** The work, when the actor may act on it (staff: any); otherwise null, which the routes answer 404. */
export async function getArtistWork(db: Db, actor: Actor, id: number): Promise<ArtistWork | null> {
  const row = await getArtistWorkRow(db, id, actor.staff ? null : actor.artistId ?? -1);
  return row ? toArtistWork(row) : null;
}

async function workNow(db: Db, id: number): Promise<ArtistWork> {
  const row = await getArtistWorkRow(db, id, null);
  if (!row) throw new ApiError(404, 'not_found', { key: 'listing.notFound' }, 'id');
  return toArtistWork(row);
}

export async function createWork(db: Db, artistId: number, listing: Listing, now: string): Promise<ArtistWork> {
  const { units, width, height, depth, ...rest } = listing;
  const outcome = await createDraft(db, artistId, {
    ...rest,
    width_cm: toCentimetres(width, units),
    height_cm: toCentimetres(height, units),
    depth_cm: toCentimetres(depth, units),
  }, now);
  if (!outcome.ok) {
    const key = ({ not_own_profile: 'listing.refusal.shippingProfile', ships_from_mismatch: 'listing.refusal.shipsFrom', not_in_category: 'listing.refusal.subcategory' } as const)[outcome.reason];
    throw new ApiError(400, 'invalid_parameter', { key }, outcome.field);
  }
  return workNow(db, outcome.id);
}

function photoRefusal(refusal: PhotoRefusal, file: string): ApiError {
  switch (refusal.reason) {
    case 'not_image': return new ApiError(415, 'unsupported_media_type', { key: 'listing.photo.notImage', values: { file } }, PHOTO_FIELD);
    case 'unreadable': return new ApiError(400, 'invalid_parameter', { key: 'listing.photo.unreadable', values: { file } }, PHOTO_FIELD);
    case 'too_large': return new ApiError(413, 'payload_too_large', { key: 'listing.photo.tooLarge', values: { file } }, PHOTO_FIELD);
    case 'too_many_pixels': return new ApiError(400, 'invalid_parameter', { key: 'listing.photo.tooManyPixels', values: { file } }, PHOTO_FIELD);
    case 'too_small': return new ApiError(400, 'invalid_parameter', { key: 'listing.photo.tooSmall', values: { file, size: refusal.longest } }, PHOTO_FIELD);
  }
}

/** A file's name as the artist chose it, short and printable, for the refusal that names it. */
const shownName = (file: File) => (file.name.replace(/[\p{C}]/gu, '').trim() || 'file').slice(0, 80);

/**
 * Checks and converts an uploaded photo, stores its files, then records it on the work: last,
 * or in the place of `replace`. The row is written only after every file is stored, so no row
 * ever names a missing file; files of a refused or failed record are removed.
 */
export async function addPhoto(
  { db, store }: { db: Db; store: PhotoStore }, workId: number, file: File, replace?: number,
): Promise<{ photo: ListingPhoto; photos: ListingPhoto[] }> {
  const existing = await getPhotos(db, workId);
  if (replace === undefined && existing.length >= MAX_PHOTOS) throw new ApiError(409, 'conflict', { key: 'listing.photo.full' }, PHOTO_FIELD);
  if (replace !== undefined && !existing.some((p) => p.id === replace)) throw new ApiError(404, 'not_found', { key: 'listing.photo.notFound' }, 'replace');
  // An upload killed between storing its files and recording its photo left files no one names.
  await store.deleteOrphans(new Date(Date.now() - ORPHAN_AGE_MS));
  const processed = await processPhoto(new Uint8Array(await file.arrayBuffer()));
  if (!processed.ok) throw photoRefusal(processed, shownName(file));
  const key = randomBytes(16).toString('hex');
  await store.put(key, processed.files);
  let outcome: Awaited<ReturnType<typeof addPhotoRow>>;
  try {
    outcome = await addPhotoRow(db, workId, { key, width: processed.width, height: processed.height }, { replace, maxPhotos: MAX_PHOTOS, now: new Date().toISOString() });
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
  if (!outcome.ok) {
    await store.delete(key);
    throw outcome.reason === 'full'
      ? new ApiError(409, 'conflict', { key: 'listing.photo.full' }, PHOTO_FIELD)
      : new ApiError(404, 'not_found', { key: 'listing.photo.notFound' }, 'replace');
  }
  if (outcome.replacedKey) await store.delete(outcome.replacedKey);
  const photos = (await getPhotos(db, workId)).map(toListingPhoto);
  return { photo: photos.find((p) => p.id === outcome.id)!, photos };
}

export async function reorderPhotos(db: Db, workId: number, order: number[]): Promise<ListingPhoto[]> {
  if (!(await reorderPhotoRows(db, workId, order, new Date().toISOString()))) {
    throw new ApiError(400, 'invalid_parameter', { key: 'listing.refusal.photoOrder' }, 'order');
  }
  return (await getPhotos(db, workId)).map(toListingPhoto);
}

export async function deletePhoto({ db, store }: { db: Db; store: PhotoStore }, workId: number, photoId: number, now: string): Promise<ListingPhoto[]> {
  const outcome = await deletePhotoRow(db, workId, photoId, now);
  if (!outcome.ok) {
    throw outcome.reason === 'photo_not_found'
      ? new ApiError(404, 'not_found', { key: 'listing.photo.notFound' }, 'photo')
      : new ApiError(409, 'conflict', { key: 'listing.photo.lastOnSale' }, 'photo');
  }
  await store.delete(outcome.key);
  return (await getPhotos(db, workId)).map(toListingPhoto);
}

const CONFLICTS = { sold: 'listing.conflict.sold', reserved: 'listing.conflict.reserved', draft: 'listing.conflict.draft' } as const;

export async function publishWork(db: Db, workId: number, now: string): Promise<ArtistWork> {
  const outcome = await publishListing(db, workId, now);
  if (!outcome.ok) {
    throw outcome.reason === 'no_photos'
      ? new ApiError(409, 'conflict', { key: 'listing.missing.photos' }, 'photos')
      : new ApiError(409, 'conflict', { key: CONFLICTS[outcome.reason] }, 'status');
  }
  return workNow(db, workId);
}

export async function withdrawWork(db: Db, workId: number, reason: WithdrawReason, now: string): Promise<ArtistWork> {
  const outcome = await withdrawListing(db, workId, reason, now);
  if (!outcome.ok) throw new ApiError(409, 'conflict', { key: CONFLICTS[outcome.reason] }, 'status');
  return workNow(db, workId);
}
