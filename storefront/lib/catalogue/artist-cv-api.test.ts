import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@easel/data/db';
import { getArtistCv, type ArtistCv } from '@easel/data/queries/artist-cv';
import { addSession, addUser, databaseDigest, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { artistCvRoutes } from './artist-cv-api';

let temp: TemporaryDatabase;
let db: Db;
let artist: { id: number; slug: string };

beforeAll(async () => {
  temp = await openTemporaryDatabase('artist-cv-api', { seed: 5, artworks: 150 });
  db = temp.db;
  artist = await db.selectFrom('artists').select(['id', 'slug']).where((eb) => eb.exists(eb.selectFrom('artworks').whereRef('artworks.artist_id', '=', 'artists.id').select('artworks.id')))
    .orderBy('id').executeTakeFirstOrThrow();
  const signedIn = async (token: string, role: 'user' | 'provider' | 'staff', artistId: number | null) => {
    const id = await addUser(db, undefined, `${token}@example.com`);
    await db.updateTable('users').set({ role, artist_id: artistId }).where('id', '=', id).execute();
    await addSession(db, token, id);
  };
  const otherArtist = await db.selectFrom('artists').select('id').where('id', '!=', artist.id).executeTakeFirstOrThrow();
  await signedIn('staff', 'staff', null);
  await signedIn('owner', 'provider', artist.id);
  await signedIn('stranger', 'provider', otherArtist.id);
  await signedIn('shopper', 'user', null);
});
afterAll(() => temp.close());

const PATCH = (body: unknown, { token, slug = artist.slug }: { token?: string; slug?: string } = {}) =>
  callable(artistCvRoutes({ getDb: async () => db }))(new NextRequest(`http://shop.test/api/artist/edit/?slug=${slug}`, {
    method: 'PATCH',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { cookie: `sessionid=${token}` } : {}) },
  }));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; param?: string } }).error;

const show = { year: 2024, title: 'Estuary Light', venue: 'Quay Contemporary', city: 'Bristol', kind: 'solo' };
const school = { institution: 'Glasgow School of Art', course: 'BA (Hons) Fine Art', year: 2009 };

describe('PATCH /api/artist/edit/', () => {
  it('saves the artist’s own profile whole and answers it as stored', async () => {
    const response = await PATCH({
      bio: '  First paragraph.\n\nSecond paragraph. ', education: [school], exhibitions: [{ ...show, kind: 'group', year: 2016 }, show], ships_from: 'IE',
    }, { token: 'owner' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { cv } = (await response.json()) as { cv: ArtistCv };
    expect(cv).toEqual(await getArtistCv(db, artist.id));
    expect(cv).toEqual({
      bio: 'First paragraph.\n\nSecond paragraph.', education: [school], exhibitions: [show, { ...show, kind: 'group', year: 2016 }], ships_from: ['IE'],
    });
    // Staff may edit any profile; a part left out stays as it was.
    expect((await PATCH({ exhibitions: [] }, { token: 'staff' })).status).toBe(200);
    expect(await getArtistCv(db, artist.id)).toMatchObject({ bio: 'First paragraph.\n\nSecond paragraph.', education: [school], exhibitions: [] });
  });

  it('refuses everyone else and changes nothing', async () => {
    const digest = await databaseDigest(db);
    const refused = [
      await PATCH({ bio: 'Mine now' }, { token: 'stranger' }),
      await PATCH({ bio: 'Mine now' }, { token: 'shopper' }),
      await PATCH({ bio: 'Mine now' }),
      await PATCH({ bio: 'Mine now' }, { token: 'owner', slug: 'no-such-artist' }),
    ];
    expect(await Promise.all(refused.map(async (r) => [r.status, (await errorOf(r)).code]))).toEqual([
      [403, 'forbidden'], [403, 'forbidden'], [401, 'not_signed_in'], [404, 'not_found'],
    ]);
    expect(await databaseDigest(db)).toBe(digest);
  });

  it.each<[string, unknown, number, string, string]>([
    ['not JSON', 'not json', 400, 'invalid_json', 'body'],
    ['an empty edit', {}, 400, 'invalid_json', 'body'],
    ['an unknown field', { website: 'x' }, 400, 'invalid_parameter', 'website'],
    ['an empty biography', { bio: '   ' }, 400, 'invalid_parameter', 'bio'],
    ['a biography past 4,000 characters', { bio: 'a'.repeat(4001) }, 400, 'invalid_parameter', 'bio'],
    ['a country Easel does not ship from', { ships_from: 'XX' }, 400, 'invalid_parameter', 'ships_from'],
    ['education that is not a list', { education: 'RCA' }, 400, 'invalid_parameter', 'education'],
    ['too many education entries', { education: Array.from({ length: 13 }, () => school) }, 400, 'invalid_parameter', 'education'],
    ['an education entry with no institution', { education: [{ ...school, institution: '' }] }, 400, 'invalid_parameter', 'education.0.institution'],
    ['an education entry with a long course', { education: [school, { ...school, course: 'c'.repeat(121) }] }, 400, 'invalid_parameter', 'education.1.course'],
    ['an education year that is not a year', { education: [{ ...school, year: '2009' }] }, 400, 'invalid_parameter', 'education.0.year'],
    ['too many exhibitions', { exhibitions: Array.from({ length: 61 }, () => show) }, 400, 'invalid_parameter', 'exhibitions'],
    ['an exhibition year before 1900', { exhibitions: [{ ...show, year: 1899 }] }, 400, 'invalid_parameter', 'exhibitions.0.year'],
    ['an exhibition years ahead', { exhibitions: [{ ...show, year: new Date().getUTCFullYear() + 2 }] }, 400, 'invalid_parameter', 'exhibitions.0.year'],
    ['an exhibition with no title', { exhibitions: [{ ...show, title: ' ' }] }, 400, 'invalid_parameter', 'exhibitions.0.title'],
    ['an exhibition with no venue', { exhibitions: [{ ...show, venue: '' }] }, 400, 'invalid_parameter', 'exhibitions.0.venue'],
    ['an exhibition with a long city', { exhibitions: [{ ...show, city: 'c'.repeat(81) }] }, 400, 'invalid_parameter', 'exhibitions.0.city'],
    ['an exhibition neither solo nor group', { exhibitions: [{ ...show, kind: 'duo' }] }, 400, 'invalid_parameter', 'exhibitions.0.kind'],
    ['an exhibition with a field of its own', { exhibitions: [{ ...show, curator: 'x' }] }, 400, 'invalid_parameter', 'exhibitions.0.curator'],
  ])('answers %s with 400 naming the field, and writes nothing of the rest', async (_, body, status, code, param) => {
    const digest = await databaseDigest(db);
    // A valid biography beside the fault: refused together, so not half written.
    const response = await PATCH(typeof body === 'object' && body !== null && !('bio' in body) && Object.keys(body).length > 0 ? { bio: 'Half written?', ...body } : body, { token: 'owner' });
    expect(response.status).toBe(status);
    const error = await errorOf(response);
    expect({ code: error.code, param: error.param }).toEqual({ code, param });
    expect(error.message).toContain(param === 'body' ? 'body' : param);
    expect(await databaseDigest(db)).toBe(digest);
  });

  it('caps the body at 64 KiB', async () => {
    const response = await PATCH({ bio: 'x'.repeat(70 * 1024) }, { token: 'owner' });
    expect([response.status, (await errorOf(response)).code]).toEqual([413, 'payload_too_large']);
  });
});
