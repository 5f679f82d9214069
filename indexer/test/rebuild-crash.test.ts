import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { editArtwork, getSearchIndexState, type Db } from '@easel/data';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { checkIndexStaleness, meiliClient, rebuildIndex } from '../src';
import { startTsx } from '@easel/shared/process';
import { catalogueDocuments, indexDocuments } from './catalogue-documents';

/**
 * `npm run reindex` (indexer/src/cli/reindex.ts) run as its own process and killed with SIGKILL
 * while the engine indexes its side index: the live index must go on serving what it had, and
 * running the rebuild again must finish it.
 */
const connection = inject('meili');
const meili = meiliClient(connection);
const indexUid = `test_rebuild_crash_${randomUUID().slice(0, 8)}`;
let temp: TemporaryDatabase;
let db: Db;

beforeAll(async () => {
  temp = await openTemporaryDatabase('rebuild-crash', { seed: 17, artworks: 4000 });
  db = temp.db;
  await rebuildIndex({ db, meili, indexUid });
});
afterAll(async () => {
  const { results } = await meili.getRawIndexes({ limit: 1000 });
  for (const { uid } of results) if (uid.startsWith(indexUid)) await meili.deleteIndex(uid).waitTask();
  await temp.close();
});

/** The reindex command against this test's database and index; resolves with its exit code or signal. */
function reindex() {
  const child = startTsx(path.join(import.meta.dirname, '../src/cli/reindex.ts'), [], {
    env: { ...process.env, ...temp.env, MEILI_URL: connection.url, MEILI_MASTER_KEY: connection.masterKey, SEARCH_INDEX: indexUid },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = child.then((end) => end.signal ?? end.exitCode!);
  return { child, exited };
}

const sideIndexes = async () =>
  (await meili.getRawIndexes({ limit: 1000 })).results.map((i) => i.uid).filter((uid) => uid.startsWith(`${indexUid}__build_`));

describe('a rebuild killed half-way', () => {
  it('leaves the live index serving the old documents, and the rebuild run again completes it', async () => {
    const before = await indexDocuments(meili, indexUid);
    const stateBefore = await getSearchIndexState(db, indexUid);
    // Changes the rebuild is to carry: new titles, and a work taken off the site.
    const ids = [...before.keys()].sort((a, b) => a - b).slice(0, 50);
    for (const [i, id] of ids.entries()) {
      expect(await editArtwork(db, id, i === 0 ? { status: 'hidden' } : { title: `Rebuilt ${i}` }, new Date().toISOString())).toEqual({ ok: true });
    }

    const startedAt = new Date().toISOString();
    const killed = reindex();
    try {
      // Killed once its documents are with the engine, which is indexing them into the side index.
      await expect.poll(async () => {
        const [side] = await sideIndexes();
        if (!side) return 0;
        return (await meili.tasks.getTasks({ indexUids: [side], types: ['documentAdditionOrUpdate'], afterEnqueuedAt: startedAt })).results.length;
      }, { timeout: 60_000, interval: 10 }).toBeGreaterThan(0);
    } finally {
      killed.child.kill('SIGKILL');
    }
    expect(await killed.exited).toBe('SIGKILL');

    // It died before the swap: its side index is left behind, and the live index is untouched.
    expect(await sideIndexes()).toHaveLength(1);
    expect(await indexDocuments(meili, indexUid)).toEqual(before);
    const search = await meili.index(indexUid).search('', { hitsPerPage: 1 });
    expect(search.totalHits).toBe(before.size);
    expect(await getSearchIndexState(db, indexUid)).toEqual(stateBefore);
    expect(await checkIndexStaleness(db, meili, indexUid)).toMatchObject({ stale: true });

    const again = reindex();
    expect(await again.exited).toBe(0);
    const [expected, actual] = await Promise.all([catalogueDocuments(db), indexDocuments(meili, indexUid)]);
    expect(actual).toEqual(expected);
    expect(actual.has(ids[0]!)).toBe(false);
    expect(actual.get(ids[1]!)?.title).toBe('Rebuilt 1');
    expect(await checkIndexStaleness(db, meili, indexUid)).toEqual({ stale: false });
  });
});
