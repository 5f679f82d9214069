import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '@easel/data/db';
import { seedCatalogue } from '@easel/data';
import { productCardSchema } from '@easel/search-service/contract';
import { createEditorsPicksHandler, createHomepageBannerHandler } from './home-api';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-home-api-'));
let db: Db;

beforeAll(async () => {
  db = await openDatabase(path.join(dir, 'home.db'));
  await seedCatalogue(db, { seed: 4, artworks: 600 });
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const getPicks = (on: Db, query = '') => createEditorsPicksHandler({ getDb: async () => on })(new NextRequest(`http://shop.test/api/v2/collections${query}`));
const getBanner = (on: Db) => createHomepageBannerHandler({ getDb: async () => on })(new NextRequest('http://shop.test/api/v2/homepage/banner/'));

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
    expect(banner.image.src).toMatch(/^\/media\/art\/painting\/main\/.*\/1280\.webp$/);
    expect(banner.image.srcSet.split(', ')).toHaveLength(5);
    expect(banner.image.alt).toContain(banner.artwork.title);
    expect(banner.artwork.url).toMatch(/^\/product\/[a-z0-9-]+\/$/);
  });

  it('answers 404 in the error shape when staff have set none', async () => {
    const empty = await openDatabase(path.join(dir, 'empty.db'));
    const response = await getBanner(empty);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    await empty.destroy();
  });
});
