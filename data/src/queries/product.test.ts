import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import type { Db } from '../db';
import { getMoreByArtist, getProductBySlug, getSimilarAvailableArtworks } from './product';
import { getIndexableArtworksByIds } from './search-source';

let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('product', { seed: 5, artworks: 400 });
  db = temp.db;
});
afterAll(() => temp.close());

const slugWith = async (where: string) =>
  (await sql<{ slug: string }>`SELECT slug FROM artworks WHERE ${sql.raw(where)} ORDER BY id LIMIT 1`.execute(db)).rows[0]!.slug;

describe('getProductBySlug', () => {
  it('reads an artwork with its artist, images, colours, shipping and every print edition', async () => {
    const slug = await slugWith("status = 'available' AND id IN (SELECT artwork_id FROM print_editions WHERE remaining = 0)");
    const product = (await getProductBySlug(db, slug))!;
    const { rows: [row] } = await sql<{ id: number; artist_id: number; bio: string; profile: number }>`
      SELECT w.id, w.artist_id, a.bio, w.shipping_profile_id AS profile FROM artworks w JOIN artists a ON a.id = w.artist_id WHERE w.slug = ${slug}`.execute(db);
    expect(product).toMatchObject({ id: row!.id, slug, status: 'available', artist: { id: row!.artist_id, bio: row!.bio } });
    const { rows: editions } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM print_editions WHERE artwork_id = ${row!.id}`.execute(db);
    expect(product.print_editions).toHaveLength(editions[0]!.n);
    expect(product.print_editions.some((p) => p.remaining === 0)).toBe(true);
    expect(product.print_editions.map((p) => p.width_cm)).toEqual([...product.print_editions.map((p) => p.width_cm)].sort((a, b) => a - b));
    const { rows: rates } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM shipping_rates WHERE profile_id = ${row!.profile}`.execute(db);
    expect(product.shipping).toHaveLength(rates[0]!.n);
    expect(product.images.length).toBeGreaterThanOrEqual(2);
    expect(product.colours.length).toBeGreaterThan(0);
  });

  it.each(['sold', 'reserved'])('keeps a %s work, marked so', async (status) => {
    const product = await getProductBySlug(db, await slugWith(`status = '${status}'`));
    expect(product?.status).toBe(status);
  });

  it('answers undefined for a hidden work and an unknown slug', async () => {
    expect(await getProductBySlug(db, await slugWith("status = 'hidden'"))).toBeUndefined();
    expect(await getProductBySlug(db, 'no-such-artwork')).toBeUndefined();
  });

  it('reads a hidden work as it will show once published, for its preview, and leaves a sold one sold', async () => {
    const hidden = await slugWith("status = 'hidden'");
    expect(await getProductBySlug(db, hidden, undefined, { asPublished: true })).toMatchObject({ slug: hidden, status: 'available' });
    expect((await getProductBySlug(db, await slugWith("status = 'sold'"), undefined, { asPublished: true }))?.status).toBe('sold');
    expect(await getProductBySlug(db, 'no-such-artwork', undefined, { asPublished: true })).toBeUndefined();
  });
});

describe('getSimilarAvailableArtworks', () => {
  it('offers available works of the same category, the same subject first, never the work itself', async () => {
    const sold = (await getProductBySlug(db, await slugWith("status = 'sold'")))!;
    const similar = await getSimilarAvailableArtworks(db, sold, 8);
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(8);
    for (const w of similar) {
      expect(w).toMatchObject({ category: sold.category, status: 'available' });
      expect(w.id).not.toBe(sold.id);
    }
    const subjects = similar.map((w) => w.subject === sold.subject);
    expect(subjects).toEqual([...subjects].sort((a, b) => Number(b) - Number(a)));
  });
});

describe('getMoreByArtist', () => {
  // An artist with more available works than one row holds, and some not for sale.
  const busyArtist = async () => {
    const { rows: [row] } = await sql<{ artist_id: number; available: number }>`
      SELECT artist_id, COUNT(*) FILTER (WHERE status = 'available') AS available FROM artworks GROUP BY artist_id
      HAVING COUNT(*) FILTER (WHERE status = 'available') > 4 AND COUNT(*) FILTER (WHERE status != 'available') > 0
      ORDER BY available DESC, artist_id LIMIT 1`.execute(db);
    return row!;
  };

  it('offers the artist\'s other available works, most popular first, never the work itself', async () => {
    const { artist_id, available } = await busyArtist();
    const work = (await getProductBySlug(db, await slugWith(`artist_id = ${artist_id} AND status = 'available'`)))!;
    const more = await getMoreByArtist(db, work, 100);
    expect(more).toHaveLength(available - 1);
    for (const w of more) expect(w).toMatchObject({ artist_id, status: 'available' });
    expect(more.map((w) => w.id)).not.toContain(work.id);
    const popularity = more.map((w) => w.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it('stops at the limit, keeping the most popular', async () => {
    const { artist_id } = await busyArtist();
    const work = (await getProductBySlug(db, await slugWith(`artist_id = ${artist_id} AND status = 'available'`)))!;
    const all = await getMoreByArtist(db, work, 100);
    const few = await getMoreByArtist(db, work, 3);
    expect(few.map((w) => w.id)).toEqual(all.slice(0, 3).map((w) => w.id));
  });

  it('serves a sold work\'s page too: all of the artist\'s available works', async () => {
    const sold = (await getProductBySlug(db, await slugWith("status = 'sold'")))!;
    const { rows: [row] } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM artworks WHERE artist_id = ${sold.artist_id} AND status = 'available'`.execute(db);
    expect(await getMoreByArtist(db, sold, 100)).toHaveLength(row!.n);
  });
});

describe('getIndexableArtworksByIds', () => {
  it('answers in the order asked, leaving unknown ids out', async () => {
    const artworks = await getIndexableArtworksByIds(db, [9, 999_999, 3]);
    expect(artworks.map((w) => w.id)).toEqual([9, 3]);
  });
});
