import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
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

// Each test writes only its own viewers' lists, and a test that hides a work shows it again, so
// the tests pass alone and in any order.
let viewers = 0;
const newViewer = () => `viewer-${++viewers}`;
const hideForThisTest = async (slug: string) => {
  const { status } = await db.selectFrom('artworks').select('status').where('slug', '=', slug).executeTakeFirstOrThrow();
  await db.updateTable('artworks').set({ status: 'hidden' }).where('slug', '=', slug).execute();
  onTestFinished(async () => {
    await db.updateTable('artworks').set({ status }).where('slug', '=', slug).execute();
  });
};

describe('recently viewed', () => {
  it('lists views newest first, a second view moving the work to the front', async () => {
    const viewer = newViewer();
    await addRecentlyViewed(db, viewer, visible[0]!, at(1));
    await addRecentlyViewed(db, viewer, visible[1]!, at(2));
    await addRecentlyViewed(db, viewer, visible[0]!, at(3));
    expect(await slugsOf(viewer)).toEqual([visible[0], visible[1]]);
  });

  it('keeps each viewer\'s list apart', async () => {
    const [one, other] = [newViewer(), newViewer()];
    await addRecentlyViewed(db, one, visible[0]!, at(1));
    await addRecentlyViewed(db, other, visible[2]!, at(1));
    expect(await slugsOf(other)).toEqual([visible[2]]);
    expect(await slugsOf(one)).toEqual([visible[0]]);
  });

  it(`keeps only the newest ${RECENTLY_VIEWED_LIMIT}`, async () => {
    const viewer = newViewer();
    for (const [i, slug] of visible.entries()) await addRecentlyViewed(db, viewer, slug, at(i));
    const kept = await db.selectFrom('recently_viewed').select('artwork_id').where('viewer', '=', viewer).execute();
    expect(kept).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(await slugsOf(viewer)).toEqual(visible.slice(-RECENTLY_VIEWED_LIMIT).reverse());
  });

  it('refuses an unknown or hidden work', async () => {
    const viewer = newViewer();
    expect(await addRecentlyViewed(db, viewer, 'no-such-work', at(1))).toBe(false);
    expect(await addRecentlyViewed(db, viewer, hidden, at(1))).toBe(false);
    expect(await slugsOf(viewer)).toEqual([]);
  });

  it('leaves out a work hidden after it was viewed', async () => {
    const viewer = newViewer();
    await addRecentlyViewed(db, viewer, visible[5]!, at(1));
    await addRecentlyViewed(db, viewer, visible[6]!, at(2));
    await hideForThisTest(visible[5]!);
    expect(await slugsOf(viewer)).toEqual([visible[6]]);
  });
});
