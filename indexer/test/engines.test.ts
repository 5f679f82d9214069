import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { editArtwork, getLastChangeId, getSearchIndexState, type Db } from '@easel/data';
import { getFreePort } from '@easel/shared/process';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { followCatalogue, meiliClient, startEmbeddedMeili, type RunningMeili, type SearchEngine } from '../src';
import { catalogueDocuments, indexDocuments } from './catalogue-documents';

/**
 * The follow loop feeding two real engines, the run's shared one and one of this file's own: each
 * is built by the loop itself, keeps its own place in the change log, catches up by itself after
 * being down, and is rebuilt by itself when its index is wiped.
 */
const indexUid = `test_engines_${randomUUID().slice(0, 8)}`;
const shared: SearchEngine = { name: 'engine-1', meili: meiliClient(inject('meili')) };
let own: RunningMeili;
let ownDir: string;
let ownPort: number;
let temp: TemporaryDatabase;
let db: Db;
let engines: SearchEngine[];
const errors: string[] = [];
const rebuilds: string[] = [];
let stop: () => Promise<void>;

beforeAll(async () => {
  temp = await openTemporaryDatabase('engines', { seed: 8, artworks: 300 });
  db = temp.db;
  ownDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-engines-'));
  ownPort = await getFreePort();
  own = await startEmbeddedMeili({ dataDir: ownDir, port: ownPort });
  engines = [shared, { name: 'engine-2', meili: meiliClient(own) }];
  stop = followCatalogue({
    location: temp.location,
    db, engines, indexUid, intervalMs: 100,
    onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    onRebuild: (engine) => rebuilds.push(engine),
  });
});
afterAll(async () => {
  await stop?.();
  await shared.meili.deleteIndexIfExists(indexUid);
  await own?.stop();
  await fsp.rm(ownDir, { recursive: true, force: true });
  await temp?.close();
});

const state = (engine: SearchEngine) => getSearchIndexState(db, indexUid, engine.name);
const caughtUp = async (engine: SearchEngine) => (await state(engine))?.last_change_id === (await getLastChangeId(db));
const equalsCatalogue = async (engine: SearchEngine) => {
  const [expected, actual] = await Promise.all([catalogueDocuments(db), indexDocuments(engine.meili, indexUid).catch(() => new Map())]);
  return isDeepStrictEqual(actual, expected);
};
const availableIds = async () =>
  (await db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').limit(40).execute()).map((r) => r.id);
const edit = async (ids: number[], label: string) => {
  for (const [i, id] of ids.entries()) {
    expect(await editArtwork(db, id, i % 7 === 0 ? { status: 'hidden' } : { title: `${label} ${i}` }, new Date().toISOString())).toEqual({ ok: true });
  }
};

describe('following the catalogue into several engines', () => {
  it('builds the index on every engine that has none, each recorded under its own name', async () => {
    for (const engine of engines) await expect.poll(() => equalsCatalogue(engine), { timeout: 30_000 }).toBe(true);
    expect(rebuilds.sort()).toEqual(['engine-1', 'engine-2']);
    expect(errors).toEqual([]);
  });

  it('catches an engine that was down up from where it stopped, without a rebuild', async () => {
    const [one, two] = await availableIds().then((ids) => [ids.slice(0, 20), ids.slice(20, 40)]);
    await edit(one!, 'Before');
    for (const engine of engines) await expect.poll(() => caughtUp(engine), { timeout: 30_000 }).toBe(true);
    const before = (await state(engines[1]!))!;

    await own.stop();
    await edit(two!, 'While engine-2 was down');
    await expect.poll(() => caughtUp(shared), { timeout: 30_000 }).toBe(true);
    expect(await equalsCatalogue(shared)).toBe(true);
    // The stopped engine keeps its place and is reported, by name, until it answers again.
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(errors.every((message) => message.startsWith('engine engine-2:'))).toBe(true);
    expect((await state(engines[1]!))!.last_change_id).toBe(before.last_change_id);

    own = await startEmbeddedMeili({ dataDir: ownDir, port: ownPort });
    await expect.poll(() => caughtUp(engines[1]!), { timeout: 30_000 }).toBe(true);
    expect(await equalsCatalogue(engines[1]!)).toBe(true);
    expect((await state(engines[1]!))!.built_at).toBe(before.built_at);
    expect(rebuilds).toHaveLength(2);
  });

  it('rebuilds an engine whose index was wiped, by itself, and leaves the other alone', async () => {
    const untouched = (await state(shared))!;
    const wiped = (await state(engines[1]!))!;
    await engines[1]!.meili.deleteIndex(indexUid).waitTask();
    await expect.poll(async () => (await state(engines[1]!))!.built_at, { timeout: 30_000 }).not.toBe(wiped.built_at);
    expect(await equalsCatalogue(engines[1]!)).toBe(true);
    expect(rebuilds.slice(2)).toEqual(['engine-2']);
    expect((await state(shared))!.built_at).toBe(untouched.built_at);
  });
});
