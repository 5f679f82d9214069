import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../test/fixtures';
import { getFavourites, isFavourite, toggleFavourite } from './favourites';
import { getFollowedArtistSlugs, getNewWorksByFollowedArtists, isFollowing, toggleFollow } from './follows';

let temp: TemporaryDatabase;
let ada: number;
let bea: number;
const now = () => new Date().toISOString();

beforeAll(async () => {
  temp = await openTemporaryDatabase('engagement', { seed: 9, artworks: 80 });
  ada = await addUser(temp.db, undefined, 'ada@example.com');
  bea = await addUser(temp.db, undefined, 'bea@example.com');
});
afterAll(() => temp.close());

const work = (offset: number) =>
  temp.db.selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id').select(['w.id', 'w.slug', 'w.favourite_count', 'a.id as artist_id', 'a.slug as artist_slug'])
    .where('w.status', '=', 'available').orderBy('w.id').offset(offset).limit(1).executeTakeFirstOrThrow();

describe('toggleFavourite', () => {
  it('adds a work that is not a favourite and removes one that is, moving its count with it and recording the change', async () => {
    const w = await work(0);
    const changes = async () => (await temp.db.selectFrom('catalogue_changes').select('artwork_id').where('artwork_id', '=', w.id).execute()).length;
    const before = await changes();
    expect(await toggleFavourite(temp.db, ada, w.slug, now())).toEqual({
      favourited: true, favourite_count: w.favourite_count + 1, entry: { id: w.id, slug: w.slug, artist_id: w.artist_id, artist_slug: w.artist_slug },
    });
    expect(await getFavourites(temp.db, ada)).toEqual([{ id: w.id, slug: w.slug, artist_id: w.artist_id, artist_slug: w.artist_slug }]);
    expect([await isFavourite(temp.db, ada, w.id), await isFavourite(temp.db, bea, w.id)]).toEqual([true, false]);
    expect((await toggleFavourite(temp.db, ada, w.slug, now()))).toMatchObject({ favourited: false, favourite_count: w.favourite_count });
    expect(await getFavourites(temp.db, ada)).toEqual([]);
    expect(await changes()).toBe(before + 2);
  });

  it('keeps the count true under many quick toggles from several users at once', async () => {
    const w = await work(1);
    // Ada toggles 7 times (ends favourited), Bea 4 times (ends not): one more than before.
    await Promise.all([...Array(7).fill(ada), ...Array(4).fill(bea)].map((user) => toggleFavourite(temp.db, user, w.slug, now())));
    const after = await temp.db.selectFrom('artworks').select('favourite_count').where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(after.favourite_count).toBe(w.favourite_count + 1);
    expect((await getFavourites(temp.db, ada)).map((e) => e.id)).toContain(w.id);
    expect((await getFavourites(temp.db, bea)).map((e) => e.id)).not.toContain(w.id);
  });

  it('answers undefined for a work no shopper can see, changing nothing', async () => {
    expect(await toggleFavourite(temp.db, ada, 'no-such-work', now())).toBeUndefined();
    const w = await work(2);
    await temp.db.updateTable('artworks').set({ status: 'hidden' }).where('id', '=', w.id).execute();
    expect(await toggleFavourite(temp.db, ada, w.slug, now())).toBeUndefined();
  });
});

describe('toggleFollow', () => {
  it('follows and unfollows, counting followers from the follows themselves', async () => {
    const { artist_slug } = await work(3);
    expect(await toggleFollow(temp.db, ada, artist_slug, now())).toEqual({ following: true, follower_count: 1, artist_slug });
    expect(await toggleFollow(temp.db, bea, artist_slug, now())).toEqual({ following: true, follower_count: 2, artist_slug });
    expect(await getFollowedArtistSlugs(temp.db, ada)).toEqual([artist_slug]);
    const { artist_id } = await work(3);
    expect([await isFollowing(temp.db, ada, artist_id), await isFollowing(temp.db, ada, artist_id + 1)]).toEqual([true, false]);
    expect(await toggleFollow(temp.db, ada, artist_slug, now())).toEqual({ following: false, follower_count: 1, artist_slug });
    expect(await getFollowedArtistSlugs(temp.db, ada)).toEqual([]);
    expect(await toggleFollow(temp.db, ada, 'nobody-at-all', now())).toBeUndefined();
  });

  it('lists the followed artists\' newest available works, newest first', async () => {
    const { artist_slug, artist_id } = await work(10);
    const cy = await addUser(temp.db, undefined, 'cy@example.com');
    await toggleFollow(temp.db, cy, artist_slug, now());
    const works = await getNewWorksByFollowedArtists(temp.db, cy, 50);
    expect(works.length).toBeGreaterThan(0);
    const expected = await temp.db.selectFrom('artworks').select('id').where('artist_id', '=', artist_id).where('status', '=', 'available')
      .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(works.map((w) => w.id)).toEqual(expected.map((r) => r.id));
    expect(await getNewWorksByFollowedArtists(temp.db, await addUser(temp.db, undefined, 'di@example.com'), 50)).toEqual([]);
  });
});
