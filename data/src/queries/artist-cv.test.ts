import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest, openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import { generateCatalogue } from '../catalogue/generate';
import type { Db } from '../db';
import { getArtistCv, saveArtistCv, type ExhibitionEntry } from './artist-cv';

const SEED = { seed: 11, artworks: 400 };
let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('artist-cv', SEED);
  db = temp.db;
});
afterAll(() => temp.close());

const changeCount = async () => Number((await db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the artist CV tables', () => {
  it('refuse entries outside their checks and go with their artist', async () => {
    const artist = await db.insertInto('artists').values({
      slug: 'cv-check', name: 'Cv Check', bio: 'x', country: 'GB', city: 'Leeds', avatar_seed: 1, joined_at: '2026-01-01T00:00:00Z', popularity: 0, updated_at: '2026-01-01T00:00:00Z',
    }).returning('id').executeTakeFirstOrThrow();
    const show = { artist_id: artist.id, position: 0, year: 2020, title: 'Open', venue: 'Mill Gallery', city: 'Leeds', kind: 'group' as const };
    await expect(db.insertInto('artist_exhibitions').values({ ...show, kind: 'duo' as never }).execute()).rejects.toThrow(/check constraint/i);
    await expect(db.insertInto('artist_exhibitions').values({ ...show, title: '' }).execute()).rejects.toThrow(/check constraint/i);
    await expect(db.insertInto('artist_education').values({ artist_id: artist.id, position: 0, institution: 'NCAD', course: 'BA', year: 1850 }).execute()).rejects.toThrow(/check constraint/i);
    await db.insertInto('artist_exhibitions').values(show).execute();
    await expect(db.insertInto('artist_exhibitions').values(show).execute()).rejects.toThrow(/unique/i);
    await db.deleteFrom('artists').where('id', '=', artist.id).execute();
    expect(await db.selectFrom('artist_exhibitions').selectAll().where('artist_id', '=', artist.id).execute()).toEqual([]);
  });
});

describe('the seeded CVs', () => {
  const bundles = [...generateCatalogue(SEED)];

  it('are the same for the same seed and differ for another', () => {
    const cvs = (seed: number) => [...generateCatalogue({ ...SEED, seed })].map(({ artist: a }) => ({ bio: a.bio, education: a.education, exhibitions: a.exhibitions }));
    expect(cvs(11)).toEqual(cvs(11));
    expect(cvs(12)).not.toEqual(cvs(11));
  });

  it('are what the database holds, as the queries read them', async () => {
    for (const { artist } of bundles.slice(0, 10)) {
      const cv = await getArtistCv(db, artist.id);
      expect(cv).toEqual({ bio: artist.bio, education: artist.education, exhibitions: artist.exhibitions, ships_from: [artist.shipping.shipsFrom] });
    }
  });

  it('vary like real artists: some self-taught, some not yet shown, shows after study, a longer biography', () => {
    const artists = bundles.map((b) => b.artist);
    const share = (test: (a: (typeof artists)[number]) => boolean) => artists.filter(test).length / artists.length;
    expect(share((a) => a.education.length === 0)).toBeGreaterThan(0.05);
    expect(share((a) => a.education.length === 2)).toBeGreaterThan(0.05);
    expect(share((a) => a.exhibitions.length === 0)).toBeGreaterThan(0.05);
    expect(share((a) => a.exhibitions.some((e) => e.kind === 'solo'))).toBeGreaterThan(0.1);
    expect(new Set(artists.flatMap((a) => a.education.map((e) => e.institution))).size).toBeGreaterThan(15);
    for (const a of artists) {
      const graduated = Math.max(0, ...a.education.map((e) => e.year));
      for (const show of a.exhibitions) expect(show.year).toBeGreaterThan(graduated);
      expect(a.exhibitions.map((e) => e.year)).toEqual(a.exhibitions.map((e) => e.year).sort((x, y) => y - x));
      if (a.bio.includes('self-taught')) expect(a.education).toEqual([]);
      if (a.bio.includes('MA at the Royal College of Art')) expect(a.education.at(-1)?.institution).toBe('Royal College of Art');
      expect(a.bio.split('\n\n')).toHaveLength(2);
    }
  });
});

describe('saveArtistCv', () => {
  const now = '2026-11-01T10:00:00.000Z';
  const shows: ExhibitionEntry[] = [
    { year: 2025, title: 'Tidelines', venue: 'Quay Contemporary', city: 'Bristol', kind: 'solo' },
    { year: 2019, title: 'Summer Open', venue: 'Mill Gallery', city: 'Bath', kind: 'group' },
  ];

  it('replaces what it names, keeps the rest, and reads back in order', async () => {
    const artist = bundles0().artist;
    const before = (await getArtistCv(db, artist.id))!;
    expect(await saveArtistCv(db, artist.id, { exhibitions: [shows[1]!, shows[0]!] }, now)).toBe(true);
    expect(await getArtistCv(db, artist.id)).toEqual({ ...before, exhibitions: shows });
    expect(await saveArtistCv(db, artist.id, { bio: 'New words.', education: [] }, now)).toBe(true);
    expect(await getArtistCv(db, artist.id)).toEqual({ ...before, bio: 'New words.', education: [], exhibitions: shows });
    expect((await db.selectFrom('artists').select('updated_at').where('id', '=', artist.id).executeTakeFirstOrThrow()).updated_at).toBe(now);
  });

  it('moves every shipping profile to a new country, keeps a rate at home, and queues the works for search', async () => {
    const { artist, artworks } = bundles0();
    const to = artist.shipping.shipsFrom === 'JP' ? 'MX' : 'JP';
    const homeRate = artist.shipping.rates.find((r) => r.destination === artist.shipping.shipsFrom)!.costMinor;
    const changes = await changeCount();
    await saveArtistCv(db, artist.id, { ships_from: to }, now);
    expect((await getArtistCv(db, artist.id))!.ships_from).toEqual([to]);
    const rates = await db.selectFrom('shipping_rates').select(['destination', 'cost_minor']).where('profile_id', '=', artist.shipping.profileId).execute();
    expect(rates).toContainEqual({ destination: to, cost_minor: homeRate });
    expect(await changeCount()).toBe(changes + artworks.length);
    // The same country again changes nothing search needs to hear about.
    await saveArtistCv(db, artist.id, { ships_from: to }, now);
    expect(await changeCount()).toBe(changes + artworks.length);
  });

  it('writes nothing when any part fails, and answers false for no such artist', async () => {
    const artist = bundles0().artist;
    const digest = await databaseDigest(db);
    await expect(saveArtistCv(db, artist.id, {
      bio: 'Half written?', education: [{ institution: 'Slade School of Fine Art', course: 'MA Fine Art', year: 2001 }],
      exhibitions: [shows[0]!, { ...shows[1]!, kind: 'duo' as never }], ships_from: 'FR',
    }, now)).rejects.toThrow(/check constraint/i);
    expect(await databaseDigest(db)).toBe(digest);
    expect(await saveArtistCv(db, 999_999, { bio: 'Nobody' }, now)).toBe(false);
    expect(await getArtistCv(db, 999_999)).toBeUndefined();
  });

  /** The first artist with works: the same one in each test. */
  function bundles0() {
    return [...generateCatalogue(SEED)].find((b) => b.artworks.length > 0)!;
  }
});
