import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import type { Db } from '../db';
import { addToBasket } from './basket';
import { editArtwork } from './editing';
import { addPhotoRow, createDraft, getArtistWorkRow, getArtistWorkRows, publishListing, withdrawListing, type NewListing } from './listings';
import { deleteOrphanPhotoFiles, putPhotoFiles } from './photo-files';
import { addRecentlyViewed } from './recently-viewed';

let temp: TemporaryDatabase;
let db: Db;
let artistId: number;
let listing: NewListing;

beforeAll(async () => {
  temp = await openTemporaryDatabase('listings', { seed: 5, artworks: 40 });
  db = temp.db;
  const profile = await db.selectFrom('shipping_profiles').select(['id', 'artist_id', 'ships_from']).orderBy('id').executeTakeFirstOrThrow();
  artistId = profile.artist_id;
  listing = {
    title: 'Estuary', description: 'Ink on paper.', category: 'drawing', subcategory: 'ink', subject: 'seascape', style: 'minimalist',
    colours: ['black', 'white'], width_cm: 30, height_cm: 40, depth_cm: 0, framed: false, ready_to_hang: false,
    price_minor: 20_000, sale_price_minor: null, shipping_profile_id: profile.id, ships_from: profile.ships_from,
  };
});
afterAll(() => temp.close());

const NOW = '2026-11-28T12:00:00.000Z';
const draft = async () => {
  const outcome = await createDraft(db, artistId, listing, NOW);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.id;
};
const photo = (key: string) => ({ key, width: 1600, height: 1200 });

describe('listings', () => {
  it('counts every seeded work as published, and a new work as a draft until it is', async () => {
    const { works, statusCounts } = await getArtistWorkRows(db, artistId);
    expect(works.every((w) => w.published_at !== null)).toBe(true);
    expect(statusCounts.draft).toBe(0);
    const id = await draft();
    expect((await getArtistWorkRow(db, id, artistId))?.status).toBe('draft');
    expect(await getArtistWorkRow(db, id, artistId + 1)).toBeUndefined();
    expect((await getArtistWorkRows(db, artistId)).statusCounts.draft).toBe(1);
  });

  it('puts a draft on sale only by publishing it with a photo: the edit API cannot', async () => {
    const id = await draft();
    expect(await editArtwork(db, id, { status: 'available' }, NOW)).toEqual({ ok: false, reason: 'unpublished', field: 'status' });
    expect(await publishListing(db, id, NOW)).toEqual({ ok: false, reason: 'no_photos' });
    expect(await withdrawListing(db, id, 'withdrawn', NOW)).toEqual({ ok: false, reason: 'draft' });
    expect(await addPhotoRow(db, id, photo('a'.repeat(32)), { maxPhotos: 6, now: NOW })).toMatchObject({ ok: true });
    expect(await publishListing(db, id, NOW)).toEqual({ ok: true });
    expect(await getArtistWorkRow(db, id, artistId)).toMatchObject({ status: 'for_sale', published_at: NOW });
    // Withdrawn, it may be shown again through the edit page as any published work.
    expect(await withdrawListing(db, id, 'withdrawn', NOW)).toEqual({ ok: true });
    expect(await editArtwork(db, id, { status: 'available' }, NOW)).toEqual({ ok: true });
  });

  it('counts views and basket adds for the artist', async () => {
    const id = await draft();
    await addPhotoRow(db, id, photo('b'.repeat(32)), { maxPhotos: 6, now: NOW });
    await publishListing(db, id, NOW);
    const { slug } = await db.selectFrom('artworks').select('slug').where('id', '=', id).executeTakeFirstOrThrow();
    await addRecentlyViewed(db, 'visitor-1', slug, NOW);
    await addRecentlyViewed(db, 'visitor-2', slug, NOW);
    await addRecentlyViewed(db, 'visitor-1', slug, NOW);
    expect(await addToBasket(db, { sessionHash: 'visitor-1' }, { slug }, NOW)).toMatchObject({ ok: true });
    expect((await getArtistWorkRow(db, id, artistId))?.counts).toEqual({ views: 3, favourites: 0, basket_adds: 1 });
  });

  it('removes files no photo names once they are old, and never a named one', async () => {
    const id = await draft();
    const files = new Map([[320, new Uint8Array([1, 2, 3])], [640, new Uint8Array([4])]]);
    await putPhotoFiles(db, 'c'.repeat(32), files, '2026-11-28T10:00:00.000Z');
    await putPhotoFiles(db, 'd'.repeat(32), files, '2026-11-28T10:00:00.000Z');
    await addPhotoRow(db, id, photo('d'.repeat(32)), { maxPhotos: 6, now: NOW });
    expect(await deleteOrphanPhotoFiles(db, '2026-11-28T09:00:00.000Z')).toBe(0);
    expect(await deleteOrphanPhotoFiles(db, '2026-11-28T11:00:00.000Z')).toBe(1);
    const left = await db.selectFrom('photo_files').select('photo_key').distinct().execute();
    expect(left.map((r) => r.photo_key)).toEqual(['d'.repeat(32)]);
  });
});
