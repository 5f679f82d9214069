import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db';
import { seedCuration } from '../catalogue/curation';
import { seedCatalogue } from '../catalogue/seed';
import { CATEGORY_VALUES } from '@easel/shared/vocabulary';
import { getEditorsPicks, getFeaturedArtworks, getHomepageBanner } from './curation';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-curation-'));
const open = async (name: string) => {
  const db = await openDatabase(path.join(dir, name));
  await seedCatalogue(db, { seed: 4, artworks: 600 });
  return db;
};
let db: Db;

beforeAll(async () => {
  db = await open('curation.db');
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the seeded editors\' picks', () => {
  it('are the same for the same seed', async () => {
    const again = await open('again.db');
    const summary = async (d: Db) => (await getEditorsPicks(d, 12)).map((p) => [p.slug, p.artworks.map((w) => w.id)]);
    expect(await summary(again)).toEqual(await summary(db));
    await again.destroy();
  });

  it('come in staff order, each with its theme\'s available works, most popular first', async () => {
    const picks = await getEditorsPicks(db, 12);
    expect(picks.map((p) => p.slug)).toEqual(['by-the-sea', 'city-lights', 'quiet-abstraction', 'botanical-studies']);
    const [sea] = picks;
    expect(sea!.artworks.length).toBeGreaterThan(0);
    for (const w of sea!.artworks) expect(w).toMatchObject({ subject: 'seascape', status: 'available' });
    const popularity = sea!.artworks.map((w) => w.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it('cap the works per pick and drop a work once it is sold', async () => {
    const [sea] = await getEditorsPicks(db, 3);
    expect(sea!.artworks).toHaveLength(3);
    const sold = sea!.artworks[0]!.id;
    await db.updateTable('artworks').set({ status: 'sold', stock: 0 }).where('id', '=', sold).execute();
    const [after] = await getEditorsPicks(db, 3);
    expect(after!.artworks.map((w) => w.id)).not.toContain(sold);
    expect(after!.artworks).toHaveLength(3);
  });

  it('are not seeded twice, so staff edits stay', async () => {
    await db.updateTable('editors_picks').set({ title: 'Staff title' }).where('slug', '=', 'city-lights').execute();
    await seedCuration(db);
    const picks = await getEditorsPicks(db, 1);
    expect(picks).toHaveLength(4);
    expect(picks[1]!.title).toBe('Staff title');
  });
});

describe('getFeaturedArtworks', () => {
  it('answers the seeded campaign: the most popular available works of every category, most popular first', async () => {
    const featured = await getFeaturedArtworks(db, 24);
    expect(new Set(featured.map((w) => w.category))).toEqual(new Set(CATEGORY_VALUES));
    for (const w of featured) expect(w.status).toBe('available');
    const popularity = featured.map((w) => w.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const [topPainting] = await db.selectFrom('artworks').select('id').where('category', '=', 'painting').where('status', '=', 'available')
      .orderBy('popularity', 'desc').orderBy('id').limit(1).execute();
    expect(featured.map((w) => w.id)).toContain(topPainting!.id);
  });

  it('follows staff edits: a work taken out of the campaign leaves, one put in joins', async () => {
    const [first] = await getFeaturedArtworks(db, 1);
    const campaign = await db.selectFrom('curations').select('id').where('slug', '=', 'featured-art').executeTakeFirstOrThrow();
    const [outsider] = await db.selectFrom('artworks').select('id').where('status', '=', 'available')
      .where('id', 'not in', db.selectFrom('artwork_curations').select('artwork_id').where('curation_id', '=', campaign.id)).limit(1).execute();
    await db.deleteFrom('artwork_curations').where('curation_id', '=', campaign.id).where('artwork_id', '=', first!.id).execute();
    await db.insertInto('artwork_curations').values({ curation_id: campaign.id, artwork_id: outsider!.id }).execute();
    const ids = (await getFeaturedArtworks(db, 24)).map((w) => w.id);
    expect(ids).not.toContain(first!.id);
    expect(ids).toContain(outsider!.id);
    await seedCuration(db);
    expect((await getFeaturedArtworks(db, 24)).map((w) => w.id)).toEqual(ids);
  });
});

describe('getHomepageBanner', () => {
  it('answers the seeded banner pictured by an available landscape painting', async () => {
    const banner = (await getHomepageBanner(db))!;
    expect(banner).toMatchObject({ title: 'Original art, straight from the artists', link_url: '/shop/' });
    expect(banner.artwork).toMatchObject({ category: 'painting', status: 'available' });
    expect(banner.artwork.width_cm).toBeGreaterThan(banner.artwork.height_cm);
  });

  it('answers the banner in the lowest position once staff add one', async () => {
    const artwork = (await getHomepageBanner(db))!.artwork;
    await db.insertInto('homepage_banners').values({ position: -1, title: 'Summer show', subtitle: 's', link_label: 'l', link_url: '/shop/?in_sale=on', artwork_id: artwork.id }).execute();
    expect((await getHomepageBanner(db))?.title).toBe('Summer show');
  });

  it('answers undefined when there is none', async () => {
    const empty = await openDatabase(path.join(dir, 'empty.db'));
    expect(await getHomepageBanner(empty)).toBeUndefined();
    expect(await getEditorsPicks(empty, 4)).toEqual([]);
    expect(await getFeaturedArtworks(empty, 4)).toEqual([]);
    await empty.destroy();
  });
});
