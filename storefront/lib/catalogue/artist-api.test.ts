import { sql } from 'kysely';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';
import { productCardSchema, type ProductCard } from '@easel/search-service/contract';
import { openTemporaryDatabase } from '../../../data/test/fixtures';
import { callable } from '../api/testing';
import { artistRoutes } from './artist-api';
import type { ArtistData } from './artists';

const temp = await openTemporaryDatabase('artist-api', { seed: 6, artworks: 300 });
const { db } = temp;
afterAll(() => temp.close());

const getArtist = (query: string) => callable(artistRoutes({ getDb: async () => db }))(new NextRequest(`http://shop.test/api/v2/artist/${query}`));
const getList = (query: string) => callable(artistRoutes({ getDb: async () => db }))(new NextRequest(`http://shop.test/api/v2/artists/${query}`));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; param?: string } }).error;

describe('GET /api/v2/artist/', () => {
  it('answers the artist with location, bio, avatar, counts and sold works apart, cached 1800 s with 7200 s stale', async () => {
    const { rows: [artist] } = await sql<{ slug: string; city: string; bio: string; available: number; sold: number }>`
      SELECT a.slug, a.city, a.bio,
        (SELECT COUNT(*) FROM artworks w WHERE w.artist_id = a.id AND w.status = 'available') AS available,
        (SELECT COUNT(*) FROM artworks w WHERE w.artist_id = a.id AND w.status = 'sold') AS sold
      FROM artists a WHERE EXISTS (SELECT 1 FROM artworks w WHERE w.artist_id = a.id AND w.status = 'sold') ORDER BY a.id LIMIT 1`.execute(db);
    const response = await getArtist(`?slug=${artist!.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=7200');
    const body = (await response.json()) as ArtistData & { sold_works: ProductCard[] };
    expect(body).toMatchObject({
      slug: artist!.slug, url: `/artist/${artist!.slug}/`, city: artist!.city, bio: artist!.bio,
      follower_count: 0, available_count: artist!.available, sold_count: artist!.sold,
    });
    expect(body.avatar.src).toMatch(/^\/media\/art\/painting\/abstract\/detail\//);
    expect(body.sold_works).toHaveLength(artist!.sold);
    for (const card of body.sold_works) expect(productCardSchema.parse(card).artist_slug).toBe(artist!.slug);
  });

  it('answers 404 for an unknown artist and 400 for a malformed slug', async () => {
    const missing = await getArtist('?slug=nobody-at-all');
    expect(missing.status).toBe(404);
    expect(await errorOf(missing)).toMatchObject({ code: 'not_found', param: 'slug' });
    const malformed = await getArtist('?slug=%3Cscript%3E');
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({ code: 'invalid_parameter', param: 'slug' });
  });
});

describe('GET /api/v2/artists/', () => {
  it.each(['popular', 'discovered'])('answers the %s list as results, cached as the homepage', async (list) => {
    const response = await getList(`?list=${list}&limit=5`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800, stale-while-revalidate=3600');
    const { results } = (await response.json()) as { results: ArtistData[] };
    expect(results).toHaveLength(5);
    for (const artist of results) expect(artist.available_count).toBeGreaterThan(0);
  });

  it('lists twelve by default', async () => {
    expect(((await (await getList('?list=discovered')).json()) as { results: unknown[] }).results).toHaveLength(12);
  });

  it.each([
    ['', 'list'],
    ['?list=newest', 'list'],
    ['?list=popular&limit=0', 'limit'],
    ['?list=popular&limit=49', 'limit'],
    ['?list=popular&limit=2.5', 'limit'],
    ['?list=popular&limit=lots', 'limit'],
  ])('answers 400 naming the parameter for %s', async (query, param) => {
    const response = await getList(query);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_parameter', param });
  });
});
