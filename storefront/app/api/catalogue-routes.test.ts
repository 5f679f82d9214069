import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@easel/data/db';
import { seedCatalogue } from '@easel/data';
import { GET, POST } from './[[...route]]/route';

// The handlers' rules are tested in lib/catalogue/; this checks the API's route serves them from the configured database.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-catalogue-routes-'));
let productSlug: string;
let artistSlug: string;

beforeAll(async () => {
  const file = path.join(dir, 'routes.db');
  const db = await openDatabase(file);
  await seedCatalogue(db, { seed: 9, artworks: 150 });
  const work = await db.selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id').select(['w.slug', 'a.slug as artist']).where('w.status', '=', 'available').orderBy('w.id').executeTakeFirstOrThrow();
  [productSlug, artistSlug] = [work.slug, work.artist];
  await db.destroy();
  process.env.DATABASE_FILE = file;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const at = (pathAndQuery: string, init?: ConstructorParameters<typeof NextRequest>[1]) => new NextRequest(`http://shop.test${pathAndQuery}`, init);

describe('the catalogue routes', () => {
  it('serve products, artists, artist lists, editors\' picks, the banner and recently viewed', async () => {
    expect(await (await GET(at(`/api/product/?slug=${productSlug}`))).json()).toMatchObject({ slug: productSlug });
    expect(await (await GET(at(`/api/v2/artist/?slug=${artistSlug}`))).json()).toMatchObject({ slug: artistSlug });
    expect(((await (await GET(at('/api/v2/artists/?list=popular'))).json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(((await (await GET(at('/api/v2/collections/'))).json()) as { results: unknown[] }).results).toHaveLength(4);
    expect((await GET(at('/api/v2/homepage/banner/'))).status).toBe(200);
    const viewed = await POST(at('/api/recently-viewed/', { method: 'POST', body: JSON.stringify({ slug: productSlug }) }));
    const session = /sessionid=([^;]+)/.exec(viewed.headers.get('set-cookie')!)![1];
    const list = await GET(at('/api/recently-viewed/', { headers: { Cookie: `sessionid=${session}` } }));
    expect(await list.json()).toMatchObject({ results: [{ slug: productSlug }] });
  });
});
