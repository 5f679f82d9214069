import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import {
  collectionSlugOf, createCollection, getCollection, getCollectionArtworkIds, getCollections, getProductCollections, setCollectionItem,
} from './collections';
import { getProductCurations, promoteArtwork, setProductCuration } from './staff';

let temp: TemporaryDatabase;
let ada: number;
let grace: number;
let works: { id: number; slug: string }[];
const now = () => new Date().toISOString();

beforeAll(async () => {
  temp = await openTemporaryDatabase('collections', { seed: 6, artworks: 80 });
  ada = await addUser(temp.db);
  grace = await addUser(temp.db, undefined, 'grace@example.com');
  works = await temp.db.selectFrom('artworks').select(['id', 'slug']).where('status', '=', 'available').orderBy('id').limit(3).execute();
});
afterAll(() => temp.close());

describe('collection slugs', () => {
  it.each([
    ['Blue rooms, 2026', 'blue-rooms-2026'],
    ['  Café crème ', 'cafe-creme'],
    ['風景', 'collection'],
    ['x'.repeat(90), 'x'.repeat(60)],
  ])('%j -> %s', (name, slug) => expect(collectionSlugOf(name)).toBe(slug));
});

describe('collections', () => {
  it('are created with a slug unique to their owner, and listed newest first with their counts', async () => {
    const first = await createCollection(temp.db, ada, 'Blue rooms', '2026-01-01T00:00:00Z');
    const second = await createCollection(temp.db, ada, 'Blue Rooms', '2026-01-02T00:00:00Z');
    const graces = await createCollection(temp.db, grace, 'Blue rooms', '2026-01-03T00:00:00Z');
    expect([first.slug, second.slug, graces.slug]).toEqual(['blue-rooms', 'blue-rooms-2', 'blue-rooms']);
    expect(await getCollections(temp.db, ada)).toEqual([
      { id: second.id, slug: 'blue-rooms-2', name: 'Blue Rooms', total_items: 0 },
      { id: first.id, slug: 'blue-rooms', name: 'Blue rooms', total_items: 0 },
    ]);
  });

  it('take works in and out idempotently, counting from the items themselves', async () => {
    const [a, b] = works;
    await createCollection(temp.db, ada, 'Counted', now());
    for (let i = 0; i < 3; i += 1) await setCollectionItem(temp.db, ada, 'counted', a!.slug, true, now());
    const both = await setCollectionItem(temp.db, ada, 'counted', b!.slug, true, now());
    expect(both).toMatchObject({ slug: 'counted', total_items: 2, is_product_in_collection: true });
    const collection = await getCollection(temp.db, ada, 'counted');
    expect(await getCollectionArtworkIds(temp.db, collection!.id)).toEqual([b!.id, a!.id]);
    // Quick repeated toggles, all at once (on PostgreSQL they may end in any order): the count
    // ends at the truth, whichever came last.
    await Promise.all([true, false, true, false, false].map((add) => setCollectionItem(temp.db, ada, 'counted', a!.slug, add, now())));
    const after = await getCollection(temp.db, ada, 'counted');
    const rows = await temp.db.selectFrom('collection_items').select('artwork_id').where('collection_id', '=', collection!.id).execute();
    expect(after!.total_items).toBe(rows.length);
    expect(await setCollectionItem(temp.db, ada, 'counted', a!.slug, false, now())).toMatchObject({ total_items: 1, is_product_in_collection: false });
  });

  it('show a product which of its owner\'s collections hold it', async () => {
    const [, b, c] = works;
    const list = await getProductCollections(temp.db, ada, b!.slug);
    expect(list!.find((x) => x.slug === 'counted')).toMatchObject({ is_product_in_collection: true, total_items: 1 });
    expect(list!.filter((x) => x.is_product_in_collection).map((x) => x.slug)).toEqual(['counted']);
    expect((await getProductCollections(temp.db, ada, c!.slug))!.every((x) => !x.is_product_in_collection)).toBe(true);
    expect(await getProductCollections(temp.db, ada, 'no-such-work')).toBeUndefined();
    expect((await getProductCollections(temp.db, grace, b!.slug))!.map((x) => x.slug)).toEqual(['blue-rooms']);
  });

  it('are their owner\'s alone, and refuse unknown works', async () => {
    expect(await getCollection(temp.db, grace, 'counted')).toBeUndefined();
    expect(await setCollectionItem(temp.db, grace, 'counted', works[0]!.slug, true, now())).toBe('no_collection');
    expect(await setCollectionItem(temp.db, ada, 'counted', 'no-such-work', true, now())).toBe('no_artwork');
  });

  it('leave out and stop counting a work taken off the site', async () => {
    const [, b] = works;
    await temp.db.updateTable('artworks').set({ status: 'hidden' }).where('id', '=', b!.id).execute();
    const collection = await getCollection(temp.db, ada, 'counted');
    expect(collection!.total_items).toBe(0);
    expect(await getCollectionArtworkIds(temp.db, collection!.id)).toEqual([]);
    await temp.db.updateTable('artworks').set({ status: 'available' }).where('id', '=', b!.id).execute();
  });
});

describe('staff curation', () => {
  it('sets a work\'s theme membership true and false, idempotently', async () => {
    const work = works[2]!;
    const themes = await getProductCurations(temp.db, 'theme', work.slug);
    expect(themes!.length).toBeGreaterThan(0);
    const theme = themes!.find((t) => !t.value)!;
    const rowsOf = () => temp.db.selectFrom('artwork_curations as ac').innerJoin('curations as c', 'c.id', 'ac.curation_id')
      .select('ac.artwork_id').where('c.slug', '=', theme.id_for_label).where('ac.artwork_id', '=', work.id).execute();
    await setProductCuration(temp.db, 'theme', theme.id_for_label, work.slug, true);
    const added = await setProductCuration(temp.db, 'theme', theme.id_for_label, work.slug, true);
    expect(added).toContainEqual({ ...theme, value: true });
    expect(await rowsOf()).toHaveLength(1);
    const removed = await setProductCuration(temp.db, 'theme', theme.id_for_label, work.slug, false);
    expect(removed).toContainEqual({ ...theme, value: false });
    expect(await rowsOf()).toHaveLength(0);
  });

  it('keeps themes and campaigns apart, and refuses unknown ones', async () => {
    const campaigns = await getProductCurations(temp.db, 'campaign', works[0]!.slug);
    expect(campaigns!.map((c) => c.id_for_label)).toContain('featured-art');
    const theme = (await getProductCurations(temp.db, 'theme', works[0]!.slug))![0]!;
    expect(await setProductCuration(temp.db, 'campaign', theme.id_for_label, works[0]!.slug, true)).toBe('no_curation');
    expect(await setProductCuration(temp.db, 'campaign', 'featured-art', 'no-such-work', true)).toBe('no_artwork');
    expect(await getProductCurations(temp.db, 'theme', 'no-such-work')).toBeUndefined();
  });
});

describe('promotion', () => {
  it('puts the work above every other, once, and records the change for search', async () => {
    const work = works[1]!;
    const before = await temp.db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('artwork_id', '=', work.id).executeTakeFirstOrThrow();
    const promoted = await promoteArtwork(temp.db, work.slug, now());
    const { highest } = await temp.db.selectFrom('artworks').select((eb) => eb.fn.max('popularity').as('highest')).where('id', '!=', work.id).executeTakeFirstOrThrow();
    expect(promoted).toEqual({ slug: work.slug, popularity: Number(highest) + 1 });
    expect(await promoteArtwork(temp.db, work.slug, now())).toEqual(promoted);
    const after = await temp.db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll<number>().as('n')).where('artwork_id', '=', work.id).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 2);
    expect(await promoteArtwork(temp.db, 'no-such-work', now())).toBeUndefined();
  });
});
