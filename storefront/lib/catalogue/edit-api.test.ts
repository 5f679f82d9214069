import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { getEditableArtwork, type EditableArtwork } from '@easel/data/queries/editing';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { editRoutes } from './edit-api';

let temp: TemporaryDatabase;
let db: Db;
let work: { id: number; slug: string; artist_id: number };

beforeAll(async () => {
  temp = await openTemporaryDatabase('edit-api', { seed: 7, artworks: 150 });
  db = temp.db;
  work = await db.selectFrom('artworks').select(['id', 'slug', 'artist_id']).where('status', '=', 'available').where('category', '=', 'painting')
    .orderBy('id').executeTakeFirstOrThrow();
  const signedIn = async (token: string, role: 'user' | 'provider' | 'staff', artistId: number | null) => {
    const id = await addUser(db, undefined, `${token}@example.com`);
    await db.updateTable('users').set({ role, artist_id: artistId }).where('id', '=', id).execute();
    await addSession(db, token, id);
  };
  const otherArtist = await db.selectFrom('artists').select('id').where('id', '!=', work.artist_id).executeTakeFirstOrThrow();
  await signedIn('staff', 'staff', null);
  await signedIn('owner', 'provider', work.artist_id);
  await signedIn('stranger', 'provider', otherArtist.id);
  await signedIn('shopper', 'user', null);
});
afterAll(() => temp.close());

const PATCH = (body: unknown, { token, slug = work.slug }: { token?: string; slug?: string } = {}) =>
  callable(editRoutes({ getDb: async () => db }))(new NextRequest(`http://shop.test/api/product/edit/?slug=${slug}`, {
    method: 'PATCH',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { cookie: `sessionid=${token}` } : {}) },
  }));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; param?: string } }).error;
const changeCount = async () => (await db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

describe('PATCH /api/product/edit/', () => {
  it('lets staff edit any work and answers the work as stored, with one catalogue change', async () => {
    const before = await changeCount();
    const response = await PATCH({ price_minor: 52_000, sale_price_minor: 48_000, title: '  Estuary, morning ', width_cm: 40.5, height_cm: 40 }, { token: 'staff' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { artwork } = (await response.json()) as { artwork: EditableArtwork };
    expect(artwork).toEqual(await getEditableArtwork(db, work.slug));
    expect(artwork).toMatchObject({ price_minor: 52_000, sale_price_minor: 48_000, title: 'Estuary, morning', width_cm: 40.5 });
    expect(await db.selectFrom('artworks').select(['orientation', 'size_bucket']).where('id', '=', work.id).executeTakeFirst())
      .toEqual({ orientation: 'square', size_bucket: 'medium' });
    expect(await changeCount()).toBe(before + 1);
  });

  it('lets the owning artist edit their work, and no one else', async () => {
    expect((await PATCH({ sale_price_minor: null }, { token: 'owner' })).status).toBe(200);
    expect((await getEditableArtwork(db, work.slug))?.sale_price_minor).toBeNull();
    const before = { artwork: await getEditableArtwork(db, work.slug), changes: await changeCount() };
    const refused = [
      await PATCH({ title: 'Mine now' }, { token: 'stranger' }),
      await PATCH({ title: 'Mine now' }, { token: 'shopper' }),
      await PATCH({ title: 'Mine now' }),
    ];
    expect(await Promise.all(refused.map(async (r) => [r.status, (await errorOf(r)).code]))).toEqual([
      [403, 'forbidden'], [403, 'forbidden'], [401, 'not_signed_in'],
    ]);
    expect({ artwork: await getEditableArtwork(db, work.slug), changes: await changeCount() }).toEqual(before);
  });

  it('answers 4xx naming the field for bad input, and writes nothing', async () => {
    const before = { artwork: await getEditableArtwork(db, work.slug), changes: await changeCount() };
    const price = before.artwork!.price_minor;
    const cases: [unknown, number, string, string][] = [
      ['not json', 400, 'invalid_json', 'body'],
      [{}, 400, 'invalid_json', 'body'],
      [{ price_minor: 450.5 }, 400, 'invalid_parameter', 'price_minor'],
      [{ price_minor: '45000' }, 400, 'invalid_parameter', 'price_minor'],
      [{ status: 'sold' }, 400, 'invalid_parameter', 'status'],
      [{ subject: 'dragons' }, 400, 'invalid_parameter', 'subject'],
      [{ title: '   ' }, 400, 'invalid_parameter', 'title'],
      [{ width_cm: 0 }, 400, 'invalid_parameter', 'width_cm'],
      [{ slug: 'renamed' }, 400, 'invalid_parameter', 'slug'],
      [{ title: 'Kept?', sale_price_minor: price }, 400, 'invalid_parameter', 'sale_price_minor'],
      [{ title: 'Kept?', subcategory: 'bronze' }, 400, 'invalid_parameter', 'subcategory'],
      [{ shipping_profile_id: 999_999 }, 400, 'invalid_parameter', 'shipping_profile_id'],
      [{ description: 'x'.repeat(20_000) }, 413, 'payload_too_large', 'body'],
    ];
    for (const [body, status, code, param] of cases) {
      const response = await PATCH(body, { token: 'staff' });
      expect([response.status, await errorOf(response)], JSON.stringify(body).slice(0, 60)).toMatchObject([status, { code, param }]);
    }
    const malformed = await PATCH({ title: 'x' }, { token: 'staff', slug: 'Not%20A%20Slug' });
    expect(malformed.status).toBe(400);
    expect((await PATCH({ title: 'x' }, { token: 'staff', slug: 'no-such-work-anywhere' })).status).toBe(404);
    expect({ artwork: await getEditableArtwork(db, work.slug), changes: await changeCount() }).toEqual(before);
  });

  it('changes every field of the listing: category and subcategory, medium, colours, sides in inches stored in centimetres', async () => {
    const before = await changeCount();
    const response = await PATCH({
      category: 'photography', subcategory: 'film', medium: 'Silver gelatin print', colours: ['blue', 'black'],
      units: 'in', width: 20, height: 16, depth: 0.5,
    }, { token: 'owner' });
    expect(response.status).toBe(200);
    const { artwork } = (await response.json()) as { artwork: EditableArtwork };
    expect(artwork).toMatchObject({
      category: 'photography', subcategory: 'film', medium: 'Silver gelatin print', colours: ['blue', 'black'],
      width_cm: 50.8, height_cm: 40.6, depth_cm: 1.3,
    });
    expect(await db.selectFrom('artworks').select(['orientation']).where('id', '=', work.id).executeTakeFirst()).toEqual({ orientation: 'landscape' });
    expect(await changeCount()).toBe(before + 1);
    // A new subcategory without a wording of its own takes the subcategory's usual one.
    const back = await PATCH({ category: 'painting', subcategory: 'oil', colours: ['red'] }, { token: 'owner' });
    expect(back.status).toBe(200);
    expect((await getEditableArtwork(db, work.slug))).toMatchObject({ category: 'painting', subcategory: 'oil', medium: expect.not.stringMatching(/gelatin/), colours: ['red'] });
  });

  it('refuses a bad listing field naming it, and writes nothing', async () => {
    const before = { artwork: await getEditableArtwork(db, work.slug), changes: await changeCount() };
    const cases: [unknown, string, RegExp][] = [
      [{ category: 'tapestry' }, 'category', /^Category: /],
      [{ category: 'sculpture' }, 'subcategory', /subcategory/],
      [{ colours: [] }, 'colours', /^Colours: /],
      [{ colours: ['blue', 'blue'] }, 'colours', /^Colours: /],
      [{ colours: ['blue', 'mauve-ish'] }, 'colours.1', /^Colours: /],
      [{ medium: ' ' }, 'medium', /^Medium: /],
      [{ width: 20 }, 'units', /^Units: /],
      [{ units: 'in', width: 800 }, 'width', /^Width: /],
      [{ units: 'in', width: 20, width_cm: 30 }, 'width', /^Width: /],
      [{ ships_from: 'ZZ' }, 'ships_from', /./],
    ];
    for (const [body, param, message] of cases) {
      const response = await PATCH(body, { token: 'owner' });
      expect([response.status, await errorOf(response)], JSON.stringify(body)).toMatchObject([400, { code: 'invalid_parameter', param, message: expect.stringMatching(message) }]);
    }
    expect({ artwork: await getEditableArtwork(db, work.slug), changes: await changeCount() }).toEqual(before);
  });

  it('will not change the status of a sold work', async () => {
    const sold = await db.selectFrom('artworks').select('slug').where('status', '=', 'sold').executeTakeFirstOrThrow();
    const response = await PATCH({ status: 'available' }, { token: 'staff', slug: sold.slug });
    expect([response.status, await errorOf(response)]).toMatchObject([409, { code: 'conflict', param: 'status' }]);
    expect((await getEditableArtwork(db, sold.slug))?.status).toBe('sold');
  });
});
