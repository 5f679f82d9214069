import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import type { Db } from '../db';
import { editArtwork, getEditableArtwork } from './editing';

let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('editing', { seed: 11, artworks: 120 });
  db = temp.db;
});
afterAll(() => temp.close());

const firstWith = (status: 'available' | 'sold', category = 'painting') =>
  db.selectFrom('artworks').select(['id', 'slug']).where('status', '=', status).where('category', '=', category as never).orderBy('id').executeTakeFirstOrThrow();
const changesFor = async (id: number) =>
  (await db.selectFrom('catalogue_changes').select('id').where('artwork_id', '=', id).execute()).length;

describe('editArtwork', () => {
  it('writes the edit, derives orientation, size and medium, and records one catalogue change with it', async () => {
    const { id, slug } = await firstWith('available');
    const before = await changesFor(id);
    const outcome = await editArtwork(db, id, {
      title: 'Harbour at dusk', price_minor: 45_000, sale_price_minor: 39_900, subcategory: 'ink',
      width_cm: 150, height_cm: 60, depth_cm: 3, framed: true, ready_to_hang: false,
    }, '2026-11-22T10:00:00.000Z');
    expect(outcome).toEqual({ ok: true });
    expect(await getEditableArtwork(db, slug)).toMatchObject({
      title: 'Harbour at dusk', price_minor: 45_000, sale_price_minor: 39_900, subcategory: 'ink', medium: 'Ink on paper',
      width_cm: 150, height_cm: 60, framed: true, ready_to_hang: false, updated_at: '2026-11-22T10:00:00.000Z',
    });
    expect(await db.selectFrom('artworks').select(['orientation', 'size_bucket']).where('id', '=', id).executeTakeFirst())
      .toEqual({ orientation: 'panoramic', size_bucket: 'oversized' });
    expect(await changesFor(id)).toBe(before + 1);

    expect(await editArtwork(db, id, { sale_price_minor: null }, '2026-11-22T10:01:00.000Z')).toEqual({ ok: true });
    expect((await getEditableArtwork(db, slug))?.sale_price_minor).toBeNull();
  });

  it('refuses an edit whole, writing nothing, when it breaks a rule of the stored work', async () => {
    const { id, slug } = await firstWith('available');
    const sold = await firstWith('sold');
    const otherArtistProfile = await db.selectFrom('shipping_profiles').select('id')
      .where('artist_id', '!=', (await getEditableArtwork(db, slug))!.artist_id).executeTakeFirstOrThrow();
    const before = { artwork: await getEditableArtwork(db, slug), changes: await changesFor(id) };
    const price = before.artwork!.price_minor;
    const refusals = [
      await editArtwork(db, id, { title: 'Not kept', sale_price_minor: price }, 'x'),
      await editArtwork(db, id, { title: 'Not kept', price_minor: 100, sale_price_minor: 150 }, 'x'),
      await editArtwork(db, id, { title: 'Not kept', subcategory: 'bronze' }, 'x'),
      await editArtwork(db, id, { title: 'Not kept', shipping_profile_id: otherArtistProfile.id }, 'x'),
      await editArtwork(db, sold.id, { status: 'available' }, 'x'),
      await editArtwork(db, 1_000_000, { title: 'Nobody' }, 'x'),
    ];
    expect(refusals.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'sale_not_below_price', 'sale_not_below_price', 'not_in_category', 'not_own_profile', 'status_locked', 'not_found',
    ]);
    expect({ artwork: await getEditableArtwork(db, slug), changes: await changesFor(id) }).toEqual(before);
    expect(await getEditableArtwork(db, sold.slug)).toMatchObject({ status: 'sold' });
  });

  it('hides a work and shows it again; the edit form still finds it while hidden', async () => {
    const { id, slug } = await firstWith('available', 'photography');
    expect(await editArtwork(db, id, { status: 'hidden' }, '2026-11-22T11:00:00.000Z')).toEqual({ ok: true });
    expect((await getEditableArtwork(db, slug))?.status).toBe('hidden');
    expect(await editArtwork(db, id, { status: 'available' }, '2026-11-22T11:01:00.000Z')).toEqual({ ok: true });
    expect((await getEditableArtwork(db, slug))?.status).toBe('available');
  });
});
