import { sql } from 'kysely';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { openTemporaryDatabase } from '../../../data/test/fixtures';
import { productCardSchema } from '@easel/search-service/contract';
import { callable, databaseDown } from '../api/testing';
import { productRoutes } from './product-api';
import type { ProductData } from './product';

const temp = await openTemporaryDatabase('product-api', { seed: 5, artworks: 400 });
const { db } = temp;
afterAll(() => temp.close());

const GET = (query: string) => callable(productRoutes({ getDb: async () => db }))(new NextRequest(`http://shop.test/api/product/${query}`));
const slugWhere = async (where: string) =>
  (await sql<{ slug: string }>`SELECT slug FROM artworks WHERE ${sql.raw(where)} ORDER BY id LIMIT 1`.execute(db)).rows[0]!.slug;
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string; param?: string } }).error;

describe('GET /api/product/', () => {
  it('answers the product card, page fields and SPEC §3 state, cached 1800 s with 7200 s stale', async () => {
    const slug = await slugWhere("status = 'available' AND sale_price_minor IS NOT NULL AND id IN (SELECT artwork_id FROM print_editions)");
    const response = await GET(`?slug=${slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=7200');
    const body = (await response.json()) as ProductData;
    productCardSchema.parse(body);
    const { rows: [row] } = await sql<{ price_minor: number; sale_price_minor: number; description: string; auto_tags: string }>`
      SELECT price_minor, sale_price_minor, description, auto_tags FROM artworks WHERE slug = ${slug}`.execute(db);
    expect(body).toMatchObject({
      slug, url: `/product/${slug}/`, status: 'available', description: row!.description, auto_tags: JSON.parse(row!.auto_tags),
      in_sale: true, similar: [],
    });
    // In whole units of each currency, as shown and charged (SPEC §5).
    const whole = (minor: number) => Math.round(minor / 100) * 100;
    expect(body.prices).toEqual({ GBP: whole(row!.price_minor), USD: whole(row!.price_minor * 1.39), EUR: whole(row!.price_minor * 1.18), CAD: whole(row!.price_minor * 1.89), AUD: whole(row!.price_minor * 2.09) });
    expect(body.sale_prices?.GBP).toBe(row!.sale_price_minor);
    expect(body.images.length).toBeGreaterThanOrEqual(2);
    for (const image of body.images) expect(image.srcSet.split(', ')).toHaveLength(IMAGE_WIDTHS.length);
    expect(body.images[0]!.alt).toBe(body.title);
    expect(body.artist).toMatchObject({ slug: body.artist_slug, url: `/artist/${body.artist_slug}/` });
    expect(body.prints.length).toBeGreaterThan(0);
    expect(Object.keys(body.shipping.prints)).toEqual(body.prints.map((p) => p.slug));
    expect(body.prints[0]!.prices.GBP).toBeGreaterThan(0);
  });

  it('quotes shipping to the asked country, free or priced, or says it does not ship there', async () => {
    const { rows: [free] } = await sql<{ slug: string; destination: string }>`
      SELECT w.slug, r.destination FROM artworks w JOIN shipping_rates r ON r.profile_id = w.shipping_profile_id
      WHERE w.status = 'available' AND r.cost_minor = 0 ORDER BY w.id LIMIT 1`.execute(db);
    const freeBody = (await (await GET(`?slug=${free!.slug}&ships_to=${free!.destination}`)).json()) as ProductData;
    expect(freeBody.shipping).toMatchObject({ ships_to: free!.destination, original: { ships: true, free: true, prices: { GBP: 0 } } });
    expect(freeBody.ships_free).toBe(true);

    const { rows: [paid] } = await sql<{ slug: string; destination: string; cost_minor: number }>`
      SELECT w.slug, r.destination, r.cost_minor FROM artworks w JOIN shipping_rates r ON r.profile_id = w.shipping_profile_id
      WHERE w.status = 'available' AND r.cost_minor > 0 ORDER BY w.id LIMIT 1`.execute(db);
    const paidBody = (await (await GET(`?slug=${paid!.slug}&ships_to=${paid!.destination}`)).json()) as ProductData;
    expect(paidBody.shipping.original).toMatchObject({ ships: true, free: false, prices: { GBP: Math.round(paid!.cost_minor / 100) * 100, USD: Math.round((paid!.cost_minor * 1.39) / 100) * 100 } });

    // Shipping destinations come from 30 countries; nobody ships to Antarctica.
    const nowhere = (await (await GET(`?slug=${paid!.slug}&ships_to=AQ`)).json()) as ProductData;
    expect(nowhere.shipping.original).toEqual({ ships: false });
  });

  it('keeps a sold original\'s page, marked sold, with similar available works', async () => {
    const body = (await (await GET(`?slug=${await slugWhere("status = 'sold'")}`)).json()) as ProductData;
    expect(body.status).toBe('sold');
    expect(body.similar.length).toBeGreaterThan(0);
    for (const card of body.similar) expect(card.category).toBe(body.category);
  });

  it('answers 404 for an unknown or hidden work', async () => {
    for (const slug of ['no-such-artwork', await slugWhere("status = 'hidden'")]) {
      const response = await GET(`?slug=${slug}`);
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: 'not_found', param: 'slug' });
    }
  });

  it.each([
    ['', 'slug'],
    ['?slug=', 'slug'],
    ['?slug=Blue%20Sea', 'slug'],
    ['?slug=../etc/passwd', 'slug'],
    [`?slug=${'a'.repeat(5000)}`, 'slug'],
    ['?slug=sea&ships_to=XX', 'ships_to'],
    ['?slug=sea&ships_to=gb', 'ships_to'],
  ])('answers 400 naming the parameter for %s', async (query, param) => {
    const response = await GET(query);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_parameter', param });
  });

  it('answers 503 in the error shape when the database cannot be read', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await callable(productRoutes({ getDb: databaseDown }))(new NextRequest('http://shop.test/api/product/?slug=sea'));
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'unavailable' });
    log.mockRestore();
  });
});
