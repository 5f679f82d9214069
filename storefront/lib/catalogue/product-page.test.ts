import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { addUser, openTemporaryDatabase } from '../../../data/test/fixtures';
import { productCardSchema } from '@easel/search-service/contract';
import { getProductPageData } from './product-page';

const temp = await openTemporaryDatabase('product-page', { seed: 11, artworks: 400 });
const { db } = temp;
afterAll(() => temp.close());

const rowWhere = async (where: string) =>
  (await sql<{ slug: string; artist_id: number; price_minor: number; sale_price_minor: number | null }>`
    SELECT slug, artist_id, price_minor, sale_price_minor FROM artworks WHERE ${sql.raw(where)} ORDER BY id LIMIT 1`.execute(db)).rows[0]!;

describe('getProductPageData', () => {
  it('reads the work quoted to the shopper\'s country, its artist\'s followers and their other works for sale', async () => {
    const work = await rowWhere("status = 'available' AND artist_id IN (SELECT artist_id FROM artworks WHERE status = 'available' GROUP BY artist_id HAVING COUNT(*) > 2)");
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      await db.insertInto('follows').values({ user_id: await addUser(db, undefined, email), artist_id: work.artist_id, created_at: '2026-01-01T00:00:00Z' }).execute();
    }
    const data = (await getProductPageData(db, work.slug, 'FR'))!;
    expect(data.product).toMatchObject({ slug: work.slug, status: 'available', similar: [], shipping: { ships_to: 'FR' } });
    expect(data.artistFollowers).toBe(3);
    expect(data.moreByArtist.length).toBeGreaterThan(0);
    for (const card of data.moreByArtist) {
      productCardSchema.parse(card);
      expect(card.artist_slug).toBe(data.product.artist_slug);
      expect(card.slug).not.toBe(work.slug);
    }
  });

  it('gives a sold original similar works for sale', async () => {
    const data = (await getProductPageData(db, (await rowWhere("status = 'sold'")).slug, 'GB'))!;
    expect(data.product.status).toBe('sold');
    expect(data.product.similar.length).toBeGreaterThan(0);
  });

  it('answers undefined for a work no shopper can see', async () => {
    expect(await getProductPageData(db, (await rowWhere("status = 'hidden'")).slug, 'GB')).toBeUndefined();
    expect(await getProductPageData(db, 'no-such-artwork', 'GB')).toBeUndefined();
  });
});
