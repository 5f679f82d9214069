import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db';
import { seedCatalogue } from '../catalogue/seed';
import { getArtistBySlug, getDiscoveredArtists, getPopularArtists, getSoldArtworks, searchArtistsByName } from './artists';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-artists-'));
let db: Db;

beforeAll(async () => {
  db = await openDatabase(path.join(dir, 'artists.db'));
  await seedCatalogue(db, { seed: 6, artworks: 300 });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function addFollowers(artistId: number, count: number) {
  for (let i = 0; i < count; i++) {
    const user = await db
      .insertInto('users')
      .values({ email: `fan${artistId}-${i}@example.com`, password_hash: 'x', name: 'Fan', role: 'user', artist_id: null, created_at: '2026-01-01T00:00:00Z', currency: 'GBP', country: 'GB', display_units: 'cm', language: 'en-gb' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('follows').values({ user_id: user.id, artist_id: artistId, created_at: '2026-01-01T00:00:00Z' }).execute();
  }
}

const hasAvailableWork = async (artistId: number) =>
  (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM artworks WHERE artist_id = ${artistId} AND status = 'available'`.execute(db)).rows[0]!.n > 0;

describe('getArtistBySlug', () => {
  it('reads the artist with followers and available and sold works counted', async () => {
    const { rows: [artist] } = await sql<{ id: number; slug: string; available: number; sold: number }>`
      SELECT a.id, a.slug,
        (SELECT COUNT(*) FROM artworks w WHERE w.artist_id = a.id AND w.status = 'available') AS available,
        (SELECT COUNT(*) FROM artworks w WHERE w.artist_id = a.id AND w.status = 'sold') AS sold
      FROM artists a WHERE EXISTS (SELECT 1 FROM artworks w WHERE w.artist_id = a.id AND w.status = 'sold') ORDER BY a.id LIMIT 1`.execute(db);
    await addFollowers(artist!.id, 2);
    expect(await getArtistBySlug(db, artist!.slug)).toMatchObject({
      id: artist!.id, slug: artist!.slug, follower_count: 2, available_count: artist!.available, sold_count: artist!.sold,
    });
  });

  it('answers undefined for an unknown slug', async () => {
    expect(await getArtistBySlug(db, 'nobody-at-all')).toBeUndefined();
  });
});

describe('getPopularArtists', () => {
  it('puts the most followed first, and lists only artists with work for sale', async () => {
    const { rows: [quiet] } = await sql<{ id: number }>`
      SELECT a.id FROM artists a WHERE EXISTS (SELECT 1 FROM artworks w WHERE w.artist_id = a.id AND w.status = 'available') ORDER BY a.popularity LIMIT 1`.execute(db);
    await addFollowers(quiet!.id, 5);
    const popular = await getPopularArtists(db, 6);
    expect(popular).toHaveLength(6);
    expect(popular[0]).toMatchObject({ id: quiet!.id, follower_count: 5 });
    for (const artist of popular) expect(await hasAvailableWork(artist.id)).toBe(true);
  });
});

describe('getDiscoveredArtists', () => {
  it('lists recently joined artists with available work, newest first', async () => {
    const discovered = await getDiscoveredArtists(db, 6);
    expect(discovered).toHaveLength(6);
    const joined = discovered.map((a) => a.joined_at);
    expect(joined).toEqual([...joined].sort().reverse());
    for (const artist of discovered) expect(await hasAvailableWork(artist.id)).toBe(true);
    const { rows: [newest] } = await sql<{ joined_at: string }>`
      SELECT MAX(a.joined_at) AS joined_at FROM artists a WHERE EXISTS (SELECT 1 FROM artworks w WHERE w.artist_id = a.id AND w.status = 'available')`.execute(db);
    expect(discovered[0]!.joined_at).toBe(newest!.joined_at);
  });
});

describe('getSoldArtworks', () => {
  it('lists only the artist\'s sold works, within the limit', async () => {
    const { rows: [artist] } = await sql<{ id: number; sold: number }>`
      SELECT artist_id AS id, COUNT(*) AS sold FROM artworks WHERE status = 'sold' GROUP BY artist_id ORDER BY sold DESC, artist_id LIMIT 1`.execute(db);
    const sold = await getSoldArtworks(db, artist!.id, 50);
    expect(sold).toHaveLength(artist!.sold);
    for (const w of sold) expect(w).toMatchObject({ artist: { id: artist!.id }, status: 'sold' });
    expect(await getSoldArtworks(db, artist!.id, 1)).toHaveLength(1);
  });
});

describe('searchArtistsByName', () => {
  const addArtist = async (name: string, slug: string, popularity: number) =>
    (await db.insertInto('artists').values({
      slug, name, bio: 'A painter.', country: 'SE', city: 'Malmö', avatar_seed: 1, joined_at: '2026-01-01T00:00:00Z', popularity, updated_at: '2026-01-01T00:00:00Z',
    }).returning('id').executeTakeFirstOrThrow()).id;

  it('matches the start of any word of the name, whatever the case and accents', async () => {
    const id = await addArtist('Zoë Ångström-Quist', 'zoe-angstrom-quist', 0);
    for (const text of ['zoë', 'ZOE', 'angstr', 'Ångström', 'quist', 'zoe angstrom', 'Zoë Ångström-Q']) {
      expect((await searchArtistsByName(db, text, 5)).map((a) => a.id)).toContain(id);
    }
    expect(await searchArtistsByName(db, 'ngstrom', 5)).toEqual([]);
    expect(await searchArtistsByName(db, 'zoe quist', 5)).toEqual([]);
  });

  it('puts the most followed first, then the most popular, within the limit', async () => {
    const quiet = await addArtist('Xanthe Yarrow', 'xanthe-yarrow', 0);
    const loud = await addArtist('Xanthe Yardley', 'xanthe-yardley', 900);
    const followed = await addArtist('Xanthe Yates', 'xanthe-yates', 1);
    await addFollowers(followed, 2);
    expect((await searchArtistsByName(db, 'xanthe y', 5)).map((a) => a.id)).toEqual([followed, loud, quiet]);
    expect(await searchArtistsByName(db, 'xanthe', 2)).toHaveLength(2);
    expect((await searchArtistsByName(db, 'xanthe', 5))[0]).toMatchObject({ id: followed, follower_count: 2, name: 'Xanthe Yates' });
  });

  it('answers nothing for text with no letters or digits', async () => {
    expect(await searchArtistsByName(db, '  -- !! ', 5)).toEqual([]);
  });
});
