import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { pageExists } from './page-exists';

let temp: TemporaryDatabase;
let work: { slug: string; artist: string };
beforeAll(async () => {
  temp = await openTemporaryDatabase('page-exists', { seed: 3, artworks: 60 });
  const row = await temp.db.selectFrom('artworks as w').innerJoin('artists as a', 'a.id', 'w.artist_id').select(['w.slug', 'a.slug as artist'])
    .where('w.status', '=', 'available').limit(1).executeTakeFirstOrThrow();
  work = row;
});
afterAll(() => temp.close());

const exists = (path: string) => pageExists(path, async () => temp.db);

describe('pageExists', () => {
  it('knows the works, artists and gallery landing pages there are', async () => {
    expect(await exists(`/product/${work.slug}/`)).toBe(true);
    expect(await exists(`/product/${work.slug}/edit/`)).toBe(true);
    expect(await exists(`/artist/${work.artist}/`)).toBe(true);
    expect(await exists(`/artist/${work.artist}/edit/`)).toBe(true);
    for (const path of ['/shop/', '/shop/painting/', '/shop/painting/oil/', '/shop/page-data/']) expect(await exists(path)).toBe(true);
  });

  it.each([
    '/product/no-such-work/', '/product/UPPER/', '/product/a%20b/', `/product/x/extra/`, '/product/', '/product/no-such-work/edit/', `/product/x/edit/more/`,
    '/artist/no-such-artist/', '/artist/%E2%80%A6/', '/artist/no-such-artist/edit/', '/artist/x/edit/more/', '/artist/x/extra/', '/shop/furniture/', '/shop/painting/marble/', '/shop/painting/oil/more/',
  ])('finds nothing at %s', async (path) => {
    expect(await exists(path)).toBe(false);
  });

  it('leaves a hidden work unseen, and other addresses to their routes', async () => {
    await temp.db.updateTable('artworks').set({ status: 'hidden' }).where('slug', '=', work.slug).execute();
    expect(await exists(`/product/${work.slug}/`)).toBe(false);
    expect(await exists(`/product/${work.slug}/edit/`)).toBe(true);
    for (const path of ['/', '/home/', '/basket/', '/not-found/']) expect(await exists(path)).toBe(true);
  });

  it('throws URIError for %-escapes that are not UTF-8', async () => {
    await expect(exists('/shop/%FF/')).rejects.toBeInstanceOf(URIError);
  });
});
