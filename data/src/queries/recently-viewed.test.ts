import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db';
import { seedCatalogue } from '../catalogue/seed';
import { addRecentlyViewed, getRecentlyViewed, RECENTLY_VIEWED_LIMIT } from './recently-viewed';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'easel-recent-'));
let db: Db;
let visible: string[];
let hidden: string;

beforeAll(async () => {
  db = await openDatabase(path.join(dir, 'recent.db'));
  await seedCatalogue(db, { seed: 2, artworks: 200 });
  visible = (await db.selectFrom('artworks').select('slug').where('status', '!=', 'hidden').orderBy('id').limit(30).execute()).map((r) => r.slug);
  hidden = (await db.selectFrom('artworks').select('slug').where('status', '=', 'hidden').executeTakeFirstOrThrow()).slug;
});
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString();
const slugsOf = async (viewer: string) => (await getRecentlyViewed(db, viewer)).map((w) => w.slug);

describe('recently viewed', () => {
  it('lists views newest first, a second view moving the work to the front', async () => {
    await addRecentlyViewed(db, 'v1', visible[0]!, at(1));
    await addRecentlyViewed(db, 'v1', visible[1]!, at(2));
    await addRecentlyViewed(db, 'v1', visible[0]!, at(3));
    expect(await slugsOf('v1')).toEqual([visible[0], visible[1]]);
  });

  it('keeps each viewer\'s list apart', async () => {
    await addRecentlyViewed(db, '42', visible[2]!, at(1));
    expect(await slugsOf('42')).toEqual([visible[2]]);
    expect(await slugsOf('v1')).not.toContain(visible[2]);
  });

  it(`keeps only the newest ${RECENTLY_VIEWED_LIMIT}`, async () => {
    for (const [i, slug] of visible.entries()) await addRecentlyViewed(db, 'busy', slug, at(i));
    const kept = await db.selectFrom('recently_viewed').select('artwork_id').where('viewer', '=', 'busy').execute();
    expect(kept).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(await slugsOf('busy')).toEqual(visible.slice(-RECENTLY_VIEWED_LIMIT).reverse());
  });

  it('refuses an unknown or hidden work', async () => {
    expect(await addRecentlyViewed(db, 'v2', 'no-such-work', at(1))).toBe(false);
    expect(await addRecentlyViewed(db, 'v2', hidden, at(1))).toBe(false);
    expect(await slugsOf('v2')).toEqual([]);
  });

  it('leaves out a work hidden after it was viewed', async () => {
    await addRecentlyViewed(db, 'v3', visible[5]!, at(1));
    await db.updateTable('artworks').set({ status: 'hidden' }).where('slug', '=', visible[5]!).execute();
    expect(await slugsOf('v3')).toEqual([]);
  });
});
