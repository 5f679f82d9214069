import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_SEARCH_ENGINE, editArtwork, getSearchIndexState, type Db } from '@easel/data';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { followCatalogue, meiliClient, rebuildIndex, type SearchDocument } from '../src';
import { startTsx } from '@easel/shared/process';
import { catalogueDocuments, indexDocuments } from './catalogue-documents';

const connection = inject('meili');
const meili = meiliClient(connection);
const indexUid = `test_durable_${randomUUID().slice(0, 8)}`;
let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('sync-durability', { seed: 4, artworks: 1200 });
  db = temp.db;
  await rebuildIndex({ db, meili, indexUid });
});
afterAll(async () => {
  await meili.deleteIndexIfExists(indexUid);
  await temp.close();
});

const availableIds = async () =>
  (await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').execute()).map((r) => r.id);
const lastChangeId = async () =>
  (await db.selectFrom('catalogue_changes').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0;
const caughtUp = async () => (await getSearchIndexState(db, indexUid))?.last_change_id === (await lastChangeId());
/** Only the fields a shopper sees change in these edits; the whole document is compared at the end. */
const shown = (d: SearchDocument | undefined) => d && { title: d.title, price_gbp: d.price_gbp, in_sale: d.in_sale };

/** `count` edits spread over `ids`, in turn, so the first works are edited twice: each answers what it wrote. */
async function makeEdits(ids: number[], count: number, label: string) {
  const last = new Map<number, { title: string; price_gbp: number; hidden: boolean }>();
  for (let i = 0; i < count; i++) {
    const id = ids[i % ids.length]!;
    const hidden = i % 97 === 0;
    const edit = { title: `${label} ${i}`, price_minor: 10_000 + i * 100, sale_price_minor: null, status: hidden ? 'hidden' : 'available' } as const;
    expect(await editArtwork(db, id, edit, new Date().toISOString())).toEqual({ ok: true });
    last.set(id, { title: edit.title, price_gbp: edit.price_minor, hidden });
  }
  return last;
}

async function expectIndexEqualsCatalogue() {
  const [expected, actual] = await Promise.all([catalogueDocuments(db), indexDocuments(meili, indexUid)]);
  expect([...actual.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [id, document] of expected) expect(actual.get(id), `document ${id}`).toEqual(document);
}

describe('the index sync', () => {
  it('keeps 1,000 edits made while it is stopped and applies them all, the later edit of a work winning', async () => {
    const ids = (await availableIds()).slice(0, 700);
    const last = await makeEdits(ids, 1000, 'While stopped');
    expect(await caughtUp()).toBe(false);
    const errors: unknown[] = [];
    const stop = followCatalogue({ db, location: temp.location, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili }], indexUid, intervalMs: 100, onError: (e) => errors.push(e) });
    try {
      await expect.poll(caughtUp, { timeout: 30_000, interval: 100 }).toBe(true);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
    const { results } = await meili.index<SearchDocument>(indexUid).getDocuments({ ids, limit: ids.length } as never);
    const inIndex = new Map(results.map((d) => [d.id, d]));
    for (const [id, edit] of last) {
      expect(shown(inIndex.get(id)), `artwork ${id}`).toEqual(edit.hidden ? undefined : { title: edit.title, price_gbp: edit.price_gbp, in_sale: false });
    }
    await expectIndexEqualsCatalogue();
  });

  it('loses nothing when killed between writing a batch to search and saving its place, and ends equal to the catalogue', async () => {
    const ids = await availableIds();
    await makeEdits(ids, 3000, 'Before the crash');
    const start = await getSearchIndexState(db, indexUid);
    const startedAt = new Date();
    const child = startTsx(path.join(import.meta.dirname, 'follow-catalogue-process.ts'), [temp.location, connection.url, connection.masterKey, indexUid]);
    try {
      // The moment its first batch is with the search engine, the sync has not yet saved its place.
      await expect.poll(async () => (await meili.tasks.getTasks({
        indexUids: [indexUid], types: ['documentAdditionOrUpdate'], afterEnqueuedAt: startedAt.toISOString(),
      })).results.length, { timeout: 30_000, interval: 5 }).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
      await child;
    }
    // More batches reached the engine than the saved place accounts for: the crash came mid-batch.
    const saved = await getSearchIndexState(db, indexUid);
    const batchesSaved = (saved!.last_change_id - start!.last_change_id) / 1000;
    const { results: sent } = await meili.tasks.getTasks({ indexUids: [indexUid], types: ['documentAdditionOrUpdate'], afterEnqueuedAt: startedAt.toISOString() });
    expect(sent.length).toBeGreaterThan(batchesSaved);
    expect(await caughtUp()).toBe(false);

    await makeEdits(ids.slice(100, 300), 200, 'While down');
    const errors: unknown[] = [];
    const stop = followCatalogue({ db, location: temp.location, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili }], indexUid, intervalMs: 100, onError: (e) => errors.push(e) });
    try {
      await expect.poll(caughtUp, { timeout: 60_000, interval: 100 }).toBe(true);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
    await expectIndexEqualsCatalogue();
  });
});
