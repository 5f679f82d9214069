import { sql } from 'kysely';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFreePort } from '@easel/shared/process';
import { CATEGORIES, CATEGORY_VALUES } from '@easel/shared/vocabulary';
import { serveFixture, type ServedFixture } from '../../../search-service/test/fixture';
import { callable } from '../api/testing';
import { categoryRoutes, type CategoryMenu } from './category-api';

// A real search service over HTTP, on an index built from a seeded SQLite catalogue.
let f: ServedFixture;
let searchUrl: string;

beforeAll(async () => {
  f = await serveFixture({ seed: 5, artworks: 600 });
  searchUrl = f.url;
});
afterAll(async () => {
  await f?.close();
});

const get = (url = searchUrl) => callable(categoryRoutes({ searchServiceUrl: () => url }))(new NextRequest('http://shop.test/api/v2/categories/'));

describe('GET /api/v2/categories/', () => {
  it('answers every medium and its subcategories with their landing pages and the works each has for sale', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=3600');
    const { results } = (await response.json()) as CategoryMenu;
    expect(results.map((r) => r.value)).toEqual(CATEGORY_VALUES);
    const { rows } = await sql<{ category: string; subcategory: string; n: number }>`
      SELECT category, subcategory, COUNT(*) AS n FROM artworks WHERE status = 'available' GROUP BY category, subcategory`.execute(f.db);
    const sold = (category: string, subcategory?: string) =>
      rows.filter((r) => r.category === category && (subcategory === undefined || r.subcategory === subcategory)).reduce((n, r) => n + r.n, 0);
    for (const medium of results) {
      expect(medium).toMatchObject({ url: `/shop/${medium.value}/`, count: sold(medium.value) });
      expect(medium.subcategories.map((s) => s.value)).toEqual(CATEGORIES[medium.value]);
      for (const sub of medium.subcategories) {
        expect(sub).toMatchObject({ url: `/shop/${medium.value}/${sub.value}/`, count: sold(medium.value, sub.value) });
      }
    }
    expect(results.find((r) => r.value === 'painting')!.subcategories.find((s) => s.value === 'mixed-media')!.name).toBe('Mixed media');
    expect(results.reduce((n, r) => n + r.count, 0)).toBeGreaterThan(0);
  });

  it('answers 503, uncached, when the search service is down', async () => {
    const response = await get(`http://127.0.0.1:${await getFreePort()}`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ error: { code: 'unavailable' } });
  });
});
