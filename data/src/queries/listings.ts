import { sql } from 'kysely';
import { inTransaction, type Db } from '../db';
import { deriveOrientation, deriveSizeBucket } from '@easel/shared/derive';
import { CATEGORIES, type Category, type Colour, type ListingStatus, type Style, type Subject, type WithdrawReason } from '@easel/shared/vocabulary';
import { MEDIUMS } from '../catalogue/words';
import type { ArtworkRow } from '../schema';
import { slugify } from '../slug';
import { recordCatalogueChanges } from './change-log';

/**
 * An artist's own works: drafts, their photos, publishing and taking off sale, and what
 * shoppers did with each. Every write that changes what the gallery shows records its catalogue
 * change in the same transaction, so the indexer carries it to search; a refusal writes nothing.
 */

/** A new work's fields, sizes in centimetres and money in GBP minor units. */
export interface NewListing {
  title: string;
  description: string;
  category: Category;
  subcategory: string;
  /** The medium's wording ("Oil on linen"); the subcategory's usual wording when left out. */
  medium?: string | undefined;
  subject: Subject;
  style: Style;
  colours: Colour[];
  width_cm: number;
  height_cm: number;
  depth_cm: number;
  framed: boolean;
  ready_to_hang: boolean;
  price_minor: number;
  sale_price_minor: number | null;
  shipping_profile_id: number;
  /** The country the chosen shipping profile sends from. */
  ships_from: string;
}

export interface PhotoRow {
  id: number;
  position: number;
  photo_key: string;
  width: number;
  height: number;
}

export interface ArtistWorkRow {
  id: number;
  slug: string;
  status: ListingStatus;
  sold_elsewhere: boolean;
  title: string;
  category: Category;
  subject: Subject;
  colours: Colour[];
  width_cm: number;
  height_cm: number;
  price_minor: number;
  sale_price_minor: number | null;
  created_at: string;
  published_at: string | null;
  /** The seed of its first drawn picture (seeded works), null when it has none. */
  picture_seed: number | null;
  picture_aspect_milli: number | null;
  photos: PhotoRow[];
  counts: { views: number; favourites: number; basket_adds: number };
}

/** A row's status as its artist sees it: ('hidden', published_at null) -> 'draft'. */
export function listingStatusOf(row: Pick<ArtworkRow, 'status'> & { published_at: string | null }): ListingStatus {
  switch (row.status) {
    case 'available': return 'for_sale';
    case 'hidden': return row.published_at === null ? 'draft' : 'withdrawn';
    default: return row.status;
  }
}

const WORK_COLUMNS = [
  'w.id', 'w.slug', 'w.status', 'w.sold_elsewhere', 'w.title', 'w.category', 'w.subject', 'w.width_cm', 'w.height_cm',
  'w.price_minor', 'w.sale_price_minor', 'w.created_at', 'w.published_at', 'w.favourite_count', 'w.artist_id',
] as const;

/**
 * An artist's works, newest first (optionally only those in one status), each with its photos,
 * colours, first drawn picture and counts; and how many works the artist has in each status.
 */
export async function getArtistWorkRows(db: Db, artistId: number, only?: ListingStatus): Promise<{ works: ArtistWorkRow[]; statusCounts: Record<ListingStatus, number> }> {
  const rows = await db.selectFrom('artworks as w')
    .leftJoin('artwork_counts as n', 'n.artwork_id', 'w.id')
    .select([...WORK_COLUMNS, 'n.views', 'n.basket_adds'])
    .where('w.artist_id', '=', artistId)
    .orderBy('w.created_at', 'desc').orderBy('w.id', 'desc')
    .execute();
  const statusCounts: Record<ListingStatus, number> = { draft: 0, for_sale: 0, reserved: 0, sold: 0, withdrawn: 0 };
  for (const row of rows) statusCounts[listingStatusOf(row)] += 1;
  const chosen = only ? rows.filter((row) => listingStatusOf(row) === only) : rows;
  return { works: await withWorkDetails(db, chosen), statusCounts };
}

/** One work with its details, when `artistId` is its artist (null: any artist's, for staff); else undefined. */
export async function getArtistWorkRow(db: Db, id: number, artistId: number | null): Promise<ArtistWorkRow | undefined> {
  let query = db.selectFrom('artworks as w')
    .leftJoin('artwork_counts as n', 'n.artwork_id', 'w.id')
    .select([...WORK_COLUMNS, 'n.views', 'n.basket_adds'])
    .where('w.id', '=', id);
  if (artistId !== null) query = query.where('w.artist_id', '=', artistId);
  const row = await query.executeTakeFirst();
  return row ? (await withWorkDetails(db, [row]))[0] : undefined;
}

type WorkSelection = Pick<ArtworkRow, 'id' | 'slug' | 'status' | 'title' | 'category' | 'subject' | 'width_cm' | 'height_cm' | 'price_minor' | 'sale_price_minor' | 'created_at' | 'favourite_count' | 'artist_id'>
  & { published_at: string | null; sold_elsewhere: 0 | 1; views: number | null; basket_adds: number | null };

async function withWorkDetails(db: Db, rows: WorkSelection[]): Promise<ArtistWorkRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [photos, colours, pictures] = await Promise.all([
    db.selectFrom('artwork_photos').select(['artwork_id', 'id', 'position', 'photo_key', 'width', 'height']).where('artwork_id', 'in', ids).orderBy('artwork_id').orderBy('position').execute(),
    db.selectFrom('artwork_colours').select(['artwork_id', 'colour']).where('artwork_id', 'in', ids).orderBy('artwork_id').orderBy('position').execute(),
    db.selectFrom('artwork_images').select(['artwork_id', 'seed', 'aspect_milli']).where('artwork_id', 'in', ids).where('position', '=', 0).execute(),
  ]);
  const pictureOf = new Map(pictures.map((p) => [p.artwork_id, p]));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    status: listingStatusOf(row),
    sold_elsewhere: row.sold_elsewhere === 1,
    title: row.title,
    category: row.category,
    subject: row.subject,
    colours: colours.filter((c) => c.artwork_id === row.id).map((c) => c.colour),
    width_cm: row.width_cm,
    height_cm: row.height_cm,
    price_minor: row.price_minor,
    sale_price_minor: row.sale_price_minor,
    created_at: row.created_at,
    published_at: row.published_at,
    picture_seed: pictureOf.get(row.id)?.seed ?? null,
    picture_aspect_milli: pictureOf.get(row.id)?.aspect_milli ?? null,
    photos: photos.filter((p) => p.artwork_id === row.id).map(({ id, position, photo_key, width, height }) => ({ id, position, photo_key, width, height })),
    counts: { views: row.views ?? 0, favourites: row.favourite_count, basket_adds: row.basket_adds ?? 0 },
  }));
}

/** The artist's shipping profiles, for the listing form. */
export async function getShippingProfiles(db: Db, artistId: number): Promise<{ id: number; ships_from: string; dispatch_days: number }[]> {
  return db.selectFrom('shipping_profiles').select(['id', 'ships_from', 'dispatch_days']).where('artist_id', '=', artistId).orderBy('id').execute();
}

export type CreateRefusal =
  | { reason: 'not_own_profile'; field: 'shipping_profile_id' }
  | { reason: 'ships_from_mismatch'; field: 'ships_from' }
  | { reason: 'not_in_category'; field: 'subcategory' };

/** Saves a new draft (hidden, never published) with its colours, or refuses it whole. */
export async function createDraft(db: Db, artistId: number, listing: NewListing, now: string): Promise<{ ok: true; id: number } | ({ ok: false } & CreateRefusal)> {
  if (!(CATEGORIES[listing.category] as readonly string[]).includes(listing.subcategory)) return { ok: false, reason: 'not_in_category', field: 'subcategory' };
  return inTransaction(db, async (trx) => {
    const profile = await trx.selectFrom('shipping_profiles').select(['id', 'ships_from'])
      .where('id', '=', listing.shipping_profile_id).where('artist_id', '=', artistId).executeTakeFirst();
    if (!profile) return { ok: false, reason: 'not_own_profile', field: 'shipping_profile_id' };
    if (profile.ships_from !== listing.ships_from) return { ok: false, reason: 'ships_from_mismatch', field: 'ships_from' };
    // The slug takes the id, which is known only after the insert: a placeholder no slug can be meanwhile.
    const placeholder = `draft-${crypto.randomUUID()}`;
    const { id } = await trx.insertInto('artworks').values({
      slug: placeholder, artist_id: artistId, shipping_profile_id: profile.id,
      title: listing.title, description: listing.description, category: listing.category, subcategory: listing.subcategory,
      subject: listing.subject, style: listing.style,
      medium: listing.medium ?? MEDIUMS[`${listing.category}/${listing.subcategory}`] ?? 'Mixed media',
      width_cm: listing.width_cm, height_cm: listing.height_cm, depth_cm: listing.depth_cm,
      orientation: deriveOrientation(listing.width_cm, listing.height_cm),
      size_bucket: deriveSizeBucket(listing.width_cm, listing.height_cm, listing.depth_cm),
      price_minor: listing.price_minor, sale_price_minor: listing.sale_price_minor,
      framed: listing.framed ? 1 : 0, ready_to_hang: listing.ready_to_hang ? 1 : 0, verified_advertising_safe: 0,
      auto_tags: '[]', status: 'hidden', stock: 1, favourite_count: 0, popularity: 0,
      created_at: now, updated_at: now, published_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('artworks').set({ slug: `${slugify(listing.title) || 'work'}-${id}` }).where('id', '=', id).execute();
    await trx.insertInto('artwork_colours').values(listing.colours.map((colour, position) => ({ artwork_id: id, colour, position }))).execute();
    // Not in the gallery yet, but a new row of the catalogue: recorded, so the indexer's fingerprint follows it.
    await recordCatalogueChanges(trx, [id], now);
    return { ok: true, id };
  });
}

/** A work's photos in order. */
export async function getPhotos(db: Db, artworkId: number): Promise<PhotoRow[]> {
  return db.selectFrom('artwork_photos').select(['id', 'position', 'photo_key', 'width', 'height'])
    .where('artwork_id', '=', artworkId).orderBy('position').execute();
}

/** A photo's files, stored before this is called. */
export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
}

export type PhotoRefusal = { reason: 'full' } | { reason: 'photo_not_found' };

/**
 * Adds a stored photo to a work: last in order, or in the place of `replace` (whose row goes,
 * its key answered so its files can be removed). At most `maxPhotos`.
 */
export async function addPhotoRow(
  db: Db, artworkId: number, photo: StoredPhoto, opts: { replace?: number | undefined; maxPhotos: number; now: string },
): Promise<{ ok: true; id: number; replacedKey: string | null } | ({ ok: false } & PhotoRefusal)> {
  return inTransaction(db, async (trx) => {
    const photos = await trx.selectFrom('artwork_photos').select(['id', 'position', 'photo_key']).where('artwork_id', '=', artworkId).orderBy('position').execute();
    let position = photos.length;
    let replacedKey: string | null = null;
    if (opts.replace !== undefined) {
      const replaced = photos.find((p) => p.id === opts.replace);
      if (!replaced) return { ok: false, reason: 'photo_not_found' };
      await trx.deleteFrom('artwork_photos').where('id', '=', replaced.id).execute();
      position = replaced.position;
      replacedKey = replaced.photo_key;
    } else if (photos.length >= opts.maxPhotos) {
      return { ok: false, reason: 'full' };
    }
    const { id } = await trx.insertInto('artwork_photos').values({
      artwork_id: artworkId, position, photo_key: photo.key, width: photo.width, height: photo.height, created_at: opts.now,
    }).returning('id').executeTakeFirstOrThrow();
    if (position === 0) await touchShownWork(trx, artworkId, opts.now);
    return { ok: true, id, replacedKey };
  });
}

/** Puts a work's photos in `order` (every photo's id once); false when `order` is not exactly its photos. */
export async function reorderPhotoRows(db: Db, artworkId: number, order: readonly number[], now: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const photos = await trx.selectFrom('artwork_photos').select(['id', 'position']).where('artwork_id', '=', artworkId).orderBy('position').execute();
    const ids = new Set(photos.map((p) => p.id));
    if (order.length !== photos.length || !order.every((id) => ids.has(id))) return false;
    for (const [position, id] of order.entries()) {
      await trx.updateTable('artwork_photos').set({ position }).where('id', '=', id).execute();
    }
    if (photos[0]?.id !== order[0]) await touchShownWork(trx, artworkId, now);
    return true;
  });
}

export type DeletePhotoRefusal = { reason: 'photo_not_found' } | { reason: 'last_on_sale' };

/** Removes one photo's row, closing up the order; a work on sale keeps its last photo. Answers the key whose files can go. */
export async function deletePhotoRow(db: Db, artworkId: number, photoId: number, now: string): Promise<{ ok: true; key: string } | ({ ok: false } & DeletePhotoRefusal)> {
  return inTransaction(db, async (trx) => {
    const photos = await trx.selectFrom('artwork_photos').select(['id', 'position', 'photo_key']).where('artwork_id', '=', artworkId).orderBy('position').execute();
    const photo = photos.find((p) => p.id === photoId);
    if (!photo) return { ok: false, reason: 'photo_not_found' };
    const work = await trx.selectFrom('artworks').select('status').where('id', '=', artworkId).executeTakeFirstOrThrow();
    if (photos.length === 1 && work.status === 'available') return { ok: false, reason: 'last_on_sale' };
    await trx.deleteFrom('artwork_photos').where('id', '=', photoId).execute();
    await trx.updateTable('artwork_photos').set({ position: sql`position - 1` }).where('artwork_id', '=', artworkId).where('position', '>', photo.position).execute();
    if (photo.position === 0) await touchShownWork(trx, artworkId, now);
    return { ok: true, key: photo.photo_key };
  });
}

/** Whether a photo key is named by any row: a file whose key no row names may be removed. */
export async function isPhotoKeyUsed(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom('artwork_photos').select('id').where('photo_key', '=', key).executeTakeFirst()) !== undefined;
}

export type PublishRefusal = { reason: 'no_photos' } | { reason: 'sold' } | { reason: 'reserved' };

/** Puts a draft or withdrawn work on sale, when it has a photo; publishing a work on sale changes nothing. */
export async function publishListing(db: Db, artworkId: number, now: string): Promise<{ ok: true } | ({ ok: false } & PublishRefusal)> {
  return inTransaction(db, async (trx) => {
    const work = await trx.selectFrom('artworks').select(['status', 'published_at']).where('id', '=', artworkId).executeTakeFirstOrThrow();
    if (work.status === 'sold' || work.status === 'reserved') return { ok: false, reason: work.status };
    if (work.status === 'available') return { ok: true };
    const photo = await trx.selectFrom('artwork_photos').select('id').where('artwork_id', '=', artworkId).executeTakeFirst();
    if (!photo) return { ok: false, reason: 'no_photos' };
    await trx.updateTable('artworks').set({ status: 'available', stock: 1, published_at: work.published_at ?? now, updated_at: now }).where('id', '=', artworkId).execute();
    await recordCatalogueChanges(trx, [artworkId], now);
    return { ok: true };
  });
}

export type WithdrawRefusal = { reason: 'sold' } | { reason: 'reserved' } | { reason: 'draft' };

/**
 * Takes a work off sale: withdrawn (hidden, may be published again) or sold elsewhere (sold,
 * for good). A withdrawn work may also be marked sold elsewhere; withdrawing it again changes nothing.
 */
export async function withdrawListing(db: Db, artworkId: number, reason: WithdrawReason, now: string): Promise<{ ok: true } | ({ ok: false } & WithdrawRefusal)> {
  return inTransaction(db, async (trx) => {
    const work = await trx.selectFrom('artworks').select(['status', 'published_at']).where('id', '=', artworkId).executeTakeFirstOrThrow();
    if (work.status === 'sold' || work.status === 'reserved') return { ok: false, reason: work.status };
    if (work.published_at === null) return { ok: false, reason: 'draft' };
    if (reason === 'withdrawn' && work.status === 'hidden') return { ok: true };
    await trx.updateTable('artworks')
      .set(reason === 'sold_elsewhere' ? { status: 'sold', stock: 0, sold_elsewhere: 1, updated_at: now } : { status: 'hidden', updated_at: now })
      .where('id', '=', artworkId).execute();
    await recordCatalogueChanges(trx, [artworkId], now);
    return { ok: true };
  });
}

/**
 * A change to what a work shows (its main photo): its `updated_at` and a catalogue change, so
 * search redraws its card. A draft's change is carried too (as a document that is not there):
 * the index's fingerprint of the catalogue then stays that of what it has carried, and a restart
 * does not rebuild it for a draft.
 */
async function touchShownWork(trx: Parameters<typeof recordCatalogueChanges>[0], artworkId: number, now: string): Promise<void> {
  await trx.updateTable('artworks').set({ updated_at: now }).where('id', '=', artworkId).execute();
  await recordCatalogueChanges(trx, [artworkId], now);
}
