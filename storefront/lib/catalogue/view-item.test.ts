import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase } from '../../../data/test/fixtures';
import { getProductPageData } from './product-page';
import { viewItemEvent } from './view-item';

const temp = await openTemporaryDatabase('view-item', { seed: 11, artworks: 400 });
const { db } = temp;
afterAll(() => temp.close());

const rowWhere = async (where: string) =>
  (await sql<{ slug: string; artist_id: number; price_minor: number; sale_price_minor: number | null }>`
    SELECT slug, artist_id, price_minor, sale_price_minor FROM artworks WHERE ${sql.raw(where)} ORDER BY id LIMIT 1`.execute(db)).rows[0]!;

describe('viewItemEvent', () => {
  it('names the work, its artist and category at the price the shopper pays', async () => {
    const work = await rowWhere("status = 'available' AND sale_price_minor IS NOT NULL");
    const { product } = (await getProductPageData(db, work.slug, 'GB'))!;
    const price = product.sale_prices!.EUR / 100;
    expect(viewItemEvent(product, 'EUR')).toEqual({
      event: 'view_item',
      ecommerce: {
        currency: 'EUR',
        value: price,
        items: [{ item_id: work.slug, item_name: product.title, item_brand: product.artist.name, item_category: product.category, price, quantity: 1 }],
      },
    });
    expect(price).toBeLessThan(product.prices.EUR / 100);
  });
});
