import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SEARCH_ENGINE } from '@easel/data';
import { addPhotoRow, createDraft, publishListing, withdrawListing } from '@easel/data/queries/listings';
import { followCatalogue, meiliClient } from '@easel/indexer';
import { buildFixture, getJson, type Fixture } from './fixture';

/**
 * A work an artist lists reaches search as the gallery's own works do: published, it is found by
 * its words and by every filter that describes it, on its artist's page and first among the
 * newest; withdrawn or sold elsewhere, it leaves. The indexer follows the catalogue's change log
 * into a real Meilisearch, as `npm start` runs it.
 */

const S = '/api/v2/product/s/';
let f: Fixture;
let stopSync: () => Promise<void>;
const errors: unknown[] = [];
let artist: { id: number; slug: string; profileId: number; shipsFrom: string };

interface Answer { count: number; results: { id: number; main_image: string }[] }

beforeAll(async () => {
  f = await buildFixture({ seed: 6, artworks: 800 });
  const profile = await f.db.selectFrom('shipping_profiles as p').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['p.id', 'p.artist_id', 'p.ships_from', 'a.slug']).orderBy('p.id').executeTakeFirstOrThrow();
  artist = { id: profile.artist_id, slug: profile.slug, profileId: profile.id, shipsFrom: profile.ships_from };
  stopSync = followCatalogue({ db: f.db, location: f.location, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili: meiliClient(inject('meili')) }], indexUid: f.indexUid, intervalMs: 100, onError: (e) => errors.push(e) });
}, 120_000);
afterAll(async () => {
  await stopSync?.();
  await f?.close();
});

async function listWork(title: string): Promise<number> {
  const draft = await createDraft(f.db, artist.id, {
    title, description: 'Quince and pewter jug on a linen cloth, morning light.', category: 'painting', subcategory: 'gouache',
    subject: 'still-life', style: 'realist', colours: ['turquoise', 'gold'], width_cm: 61, height_cm: 46, depth_cm: 2,
    framed: true, ready_to_hang: true, price_minor: 123_400, sale_price_minor: null, shipping_profile_id: artist.profileId, ships_from: artist.shipsFrom,
  }, new Date().toISOString());
  if (!draft.ok) throw new Error(draft.reason);
  const key = draft.id.toString(16).padStart(32, '0');
  expect(await addPhotoRow(f.db, draft.id, { key, width: 2400, height: 1800 }, { maxPhotos: 6, now: new Date().toISOString() })).toMatchObject({ ok: true });
  return draft.id;
}

async function found(qs: string, id: number): Promise<boolean> {
  const { status, body } = await getJson<Answer>(f.app, `${S}?${qs}`);
  expect(status, `${qs}: ${JSON.stringify(body)}`).toBe(200);
  return body.results.some((r) => r.id === id);
}

describe('a listed work in search', () => {
  it('is not searchable as a draft, then is found by its words, every filter that fits it, its artist and the newest sort', async () => {
    const id = await listWork('Quince Nocturne Zephyrine');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await found('q=zephyrine', id)).toBe(false);

    expect(await publishListing(f.db, id, new Date().toISOString())).toEqual({ ok: true });
    await expect.poll(() => found('q=zephyrine', id), { timeout: 10_000, interval: 50 }).toBe(true);
    const queries = [
      'q=quince+nocturne', 'q=nocturne', 'product_category=painting', 'painting=gouache', 'subject=still-life', 'style=realist',
      'colours=turquoise', 'colours=gold', 'shape=landscape', 'size_=medium', 'framed_or_ready_to_hang=true',
      'currency=GBP&price_min=1200&price_max=1300', `ships_from=${artist.shipsFrom}`, 'width_min=60&height_max=50',
      `product_category=painting&painting=gouache&subject=still-life&style=realist&colours=turquoise&shape=landscape&size_=medium&ships_from=${artist.shipsFrom}`,
    ];
    // Each filter with the work's rare word: the filter keeps it among its matches.
    for (const qs of queries) expect(await found(qs.includes('q=') ? qs : `${qs}&q=zephyrine`, id), qs).toBe(true);
    const { body: byArtist } = await getJson<Answer>(f.app, `${S}?artist=${artist.slug}&sort=newest`);
    expect(byArtist.results[0]?.id).toBe(id);
    const { body: newest } = await getJson<Answer>(f.app, `${S}?sort=newest`);
    expect(newest.results[0]).toMatchObject({ id, main_image: `/media/photos/${id.toString(16).padStart(32, '0')}/640.webp` });
    for (const qs of ['subject=portrait', 'painting=oil', 'colours=red', 'size_=small', 'currency=GBP&price_max=1000']) expect(await found(`${qs}&q=zephyrine`, id), qs).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);

  it('leaves search when withdrawn, and when sold elsewhere', async () => {
    const withdrawn = await listWork('Withdrawn Quillwort');
    const sold = await listWork('Soldelsewhere Quillwort');
    await publishListing(f.db, withdrawn, new Date().toISOString());
    await publishListing(f.db, sold, new Date().toISOString());
    await expect.poll(async () => (await found('q=quillwort', withdrawn)) && (await found('q=quillwort', sold)), { timeout: 10_000, interval: 50 }).toBe(true);

    expect(await withdrawListing(f.db, withdrawn, 'withdrawn', new Date().toISOString())).toEqual({ ok: true });
    expect(await withdrawListing(f.db, sold, 'sold_elsewhere', new Date().toISOString())).toEqual({ ok: true });
    await expect.poll(async () => (await getJson<Answer>(f.app, `${S}?q=quillwort`)).body.count, { timeout: 10_000, interval: 50 }).toBe(0);
    expect(await found(`artist=${artist.slug}&sort=newest`, withdrawn)).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);
});
