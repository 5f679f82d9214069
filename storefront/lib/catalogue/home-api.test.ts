import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import type { Db } from '@easel/data/db';
import { productCardSchema } from '@easel/search-service/contract';
import { addRecentlyViewed } from '@easel/data/queries/recently-viewed';
import { openTemporaryDatabase } from '../../../data/test/fixtures';
import { formatLength } from '../money';
import { INVALID_DATA_FORMAT, parseRecommendations, recommendationCards } from '../recommendations';
import { sessionHash } from '../session';
import { callable } from '../api/testing';
import { homeRoutes } from './home-api';

const temp = await openTemporaryDatabase('home-api', { seed: 4, artworks: 600 });
const { db } = temp;
afterAll(() => temp.close());

const home = (on: Db) => callable(homeRoutes({ getDb: async () => on }));
const getPicks = (on: Db, query = '') => home(on)(new NextRequest(`http://shop.test/api/v2/collections/${query}`));
const getFeatured = (query = '') => home(db)(new NextRequest(`http://shop.test/api/v2/featured-art/${query}`));
const getRecommendations = (query = '', cookie?: string) =>
  home(db)(
    new NextRequest(`http://shop.test/api/v2/recommendations/${query}`, cookie ? { headers: { cookie } } : {}),
  );
const getBanner = (on: Db) => home(on)(new NextRequest('http://shop.test/api/v2/homepage/banner/'));

describe('GET /api/v2/collections', () => {
  it('answers the editors\' picks as results of product cards, cached two hours', async () => {
    const response = await getPicks(db);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=7200');
    const { results } = (await response.json()) as { results: { title: string; slug: string; artworks: unknown[] }[] };
    expect(results.map((p) => p.title)).toEqual(['By the sea', 'City lights', 'Quiet abstraction', 'Botanical studies']);
    for (const pick of results) {
      expect(pick.artworks.length).toBeGreaterThan(0);
      expect(pick.artworks.length).toBeLessThanOrEqual(8);
      for (const card of pick.artworks) productCardSchema.parse(card);
    }
  });

  it('judges free shipping against ships_to and refuses an unknown country', async () => {
    const { results } = (await (await getPicks(db, '?ships_to=US')).json()) as { results: { artworks: { ships_free: boolean; free_shipping_to: string[] }[] }[] };
    for (const card of results.flatMap((p) => p.artworks)) expect(card.ships_free).toBe(card.free_shipping_to.includes('US'));
    expect((await getPicks(db, '?ships_to=ZZ')).status).toBe(400);
  });
});

describe('GET /api/v2/homepage/banner/', () => {
  it('answers the banner whole, pictured by its artwork, cached as the homepage', async () => {
    const response = await getBanner(db);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=3600');
    const banner = (await response.json()) as { title: string; link: object; image: { src: string; srcSet: string; alt: string }; artwork: { url: string; title: string } };
    expect(banner).toMatchObject({ title: 'Original art, straight from the artists', link: { label: 'Explore the gallery', url: '/shop/' } });
    expect(banner.image.src).toMatch(/^\/media\/art\/painting\/[a-z-]+\/main\/.*\/1600\.webp$/);
    expect(banner.image.srcSet.split(', ')).toHaveLength(IMAGE_WIDTHS.length);
    expect(banner.image.alt).toContain(banner.artwork.title);
    expect(banner.artwork.url).toMatch(/^\/product\/[a-z0-9-]+\/$/);
  });

  it('answers 404 in the error shape when staff have set none', async () => {
    const empty = await openTemporaryDatabase('home-api-empty');
    const response = await getBanner(empty.db);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    await empty.close();
  });
});

describe('GET /api/v2/featured-art/', () => {
  it('answers the featured works as results of product cards, cached as the homepage', async () => {
    const response = await getFeatured('?ships_to=US');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=3600');
    const { results } = (await response.json()) as { results: unknown[] };
    expect(results.length).toBeGreaterThan(6);
    const cards = results.map((card) => productCardSchema.parse(card));
    const campaign = await db.selectFrom('artwork_curations as c').innerJoin('curations as k', 'k.id', 'c.curation_id')
      .select('c.artwork_id').where('k.slug', '=', 'featured-art').execute();
    for (const card of cards) {
      expect(campaign.map((c) => c.artwork_id)).toContain(card.id);
      expect(card.ships_free).toBe(card.free_shipping_to.includes('US'));
    }
  });

  it('refuses an unknown country, naming the parameter', async () => {
    const response = await getFeatured('?ships_to=Narnia');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter', param: 'ships_to' } });
  });
});

describe('GET /api/v2/recommendations/', () => {
  it('answers products keyed by original id, priced and measured as asked', async () => {
    const response = await getRecommendations('?currency=USD&units=in');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = parseRecommendations(await response.json());
    expect(body.id).toBe('home');
    expect(body.order).toHaveLength(8);
    expect(Object.keys(body.recommendations).sort()).toEqual(body.order.map(String).sort());
    for (const [id, product] of Object.entries(body.recommendations)) {
      const row = await db.selectFrom('artworks').select(['slug', 'title', 'status', 'width_cm']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
      expect(product).toMatchObject({ title: row.title, url: `/product/${row.slug}/`, currency: 'USD', is_in_stock: row.status === 'available' });
      expect(product.display_price).toMatch(/^\$[\d,]+$/);
      expect(product.dimension_description).toMatch(/ in$/);
      expect(product.dimension_description.startsWith(`${formatLength(row.width_cm, 'in').replace(' in', '')} × `)).toBe(true);
    }
  });

  it('follows what the shopper looked at last', async () => {
    const seed = await db.selectFrom('artworks').select(['id', 'slug', 'category']).where('status', '=', 'available').where('category', '=', 'sculpture')
      .orderBy('id').limit(1).executeTakeFirstOrThrow();
    await addRecentlyViewed(db, sessionHash('visitor-1'), seed.slug, new Date().toISOString());
    const body = parseRecommendations(await (await getRecommendations('', 'sessionid=visitor-1')).json());
    expect(body.order).not.toContain(seed.id);
    const categories = await db.selectFrom('artworks').select('category').where('id', 'in', body.order).execute();
    expect(categories.every((c) => c.category === 'sculpture')).toBe(true);
  });

  it('answers works like a product for its page, and 404 for an unknown one', async () => {
    const product = await db.selectFrom('artworks').select(['id', 'slug']).where('status', '=', 'sold').limit(1).executeTakeFirstOrThrow();
    const response = await getRecommendations(`?product=${product.slug}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=7200');
    const body = parseRecommendations(await response.json());
    expect(body.id).toBe(product.slug);
    expect(body.order).not.toContain(product.id);
    expect(recommendationCards(body).map((c) => c.href)).toEqual(body.order.map((id) => body.recommendations[String(id)]!.url));
    expect((await getRecommendations('?product=no-such-work')).status).toBe(404);
  });

  it.each([['?currency=XYZ', 'currency'], ['?units=furlongs', 'units'], ['?product=Not%20A%20Slug', 'product']])('refuses %s naming %s', async (query, param) => {
    const response = await getRecommendations(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter', param } });
  });
});

describe('parseRecommendations', () => {
  it('fails with Invalid data format when the recommendations field is missing or broken', () => {
    expect(() => parseRecommendations({ id: 'home', order: [] })).toThrow(INVALID_DATA_FORMAT);
    expect(() => parseRecommendations({ id: 'home', order: [1], recommendations: { 1: { title: 'no url' } } })).toThrow(INVALID_DATA_FORMAT);
    expect(() => parseRecommendations(null)).toThrow(INVALID_DATA_FORMAT);
    expect(INVALID_DATA_FORMAT).toBe('Invalid data format');
  });
});
