import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { pageExists } from './page-exists';

let temp: TemporaryDatabase;
let work: { slug: string; artist: string; artistId: number };
beforeAll(async () => {
  temp = await openTemporaryDatabase('page-exists', { seed: 3, artworks: 60 });
  const row = await temp.db.selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id').select(['w.slug', 'a.slug as artist', 'a.id as artistId'])
    .where('w.status', '=', 'available').limit(1).executeTakeFirstOrThrow();
  work = row;
});
afterAll(() => temp.close());

const exists = (path: string, session?: string) => pageExists(path, async () => temp.db, session);

describe('pageExists', () => {
  it('knows the works, artists and gallery landing pages there are', async () => {
    expect(await exists(`/product/${work.slug}/`)).toBe(true);
    expect(await exists(`/product/${work.slug}/edit/`)).toBe(true);
    expect(await exists(`/artist/${work.artist}/`)).toBe(true);
    expect(await exists(`/artist/${work.artist}/edit/`)).toBe(true);
    for (const path of ['/shop/', '/shop/painting/', '/shop/painting/oil/', '/shop/page-data/', '/artist/works/', '/artist/works/new/']) expect(await exists(path)).toBe(true);
  });

  it.each([
    '/product/no-such-work/', '/product/UPPER/', '/product/a b/', `/product/x/extra/`, '/product/', '/product/no-such-work/edit/', `/product/x/edit/more/`,
    '/artist/no-such-artist/', '/artist/…/', '/artist/no-such-artist/edit/', '/artist/x/edit/more/', '/artist/x/extra/', '/artist/works/old/', '/artist/works/new/more/', `/product/${'x'}/preview/`, '/shop/furniture/', '/shop/painting/marble/', '/shop/painting/oil/more/',
  ])('finds nothing at %s', async (path) => {
    expect(await exists(path)).toBe(false);
  });

  it('leaves a hidden work unseen, its edit form too but to those who may edit it, and other addresses to their routes', async () => {
    const shopper = await addUser(temp.db, undefined, 'shopper@example.com');
    const staff = await addUser(temp.db, undefined, 'staff@example.com');
    const artist = await addUser(temp.db, undefined, 'artist@example.com');
    const otherArtistId = (await temp.db.selectFrom('artists').select('id').where('id', '!=', work.artistId).executeTakeFirstOrThrow()).id;
    const otherArtist = await addUser(temp.db, undefined, 'other-artist@example.com');
    await temp.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff).execute();
    await temp.db.updateTable('users').set({ role: 'provider', artist_id: work.artistId }).where('id', '=', artist).execute();
    await temp.db.updateTable('users').set({ role: 'provider', artist_id: otherArtistId }).where('id', '=', otherArtist).execute();
    for (const [token, id] of [['shopper', shopper], ['staff', staff], ['artist', artist], ['other-artist', otherArtist]] as const) await addSession(temp.db, token, id);

    await temp.db.updateTable('artworks').set({ status: 'hidden' }).where('slug', '=', work.slug).execute();
    expect(await exists(`/product/${work.slug}/`)).toBe(false);
    const edit = `/product/${work.slug}/edit/`;
    expect([await exists(edit), await exists(edit, 'shopper'), await exists(edit, 'other-artist'), await exists(edit, 'forged')]).toEqual([false, false, false, false]);
    expect([await exists(edit, 'artist'), await exists(edit, 'staff')]).toEqual([true, true]);
    // A preview is there only for those who may edit the work, whatever its status.
    for (const status of ['hidden', 'available'] as const) {
      await temp.db.updateTable('artworks').set({ status }).where('slug', '=', work.slug).execute();
      const preview = `/product/${work.slug}/preview/`;
      expect([await exists(preview), await exists(preview, 'shopper'), await exists(preview, 'other-artist')]).toEqual([false, false, false]);
      expect([await exists(preview, 'artist'), await exists(preview, 'staff')]).toEqual([true, true]);
    }
    for (const path of ['/', '/home/', '/basket/', '/not-found/']) expect(await exists(path)).toBe(true);
  });
});
