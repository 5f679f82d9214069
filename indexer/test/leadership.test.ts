import { randomUUID } from 'node:crypto';
import type { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { editArtwork, getLastChangeId, getSearchIndexState, openDatabase, type Db } from '@easel/data';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { followCatalogue, meiliClient } from '../src';

/**
 * Two indexer processes following one PostgreSQL database into one engine: only the leader
 * touches the engine, and when it stops the other takes over. Each follower has a database
 * handle of its own, as a process would, so each campaigns on connections of its own.
 */
const onPostgres = inject('postgres') !== undefined;
const indexUid = `test_leadership_${randomUUID().slice(0, 8)}`;
const meili = meiliClient(inject('meili'));
let temp: TemporaryDatabase;
let second: Db;

interface Follower {
  leading: boolean;
  /** Calls this follower made on the engine. */
  calls: number;
  stop: () => Promise<void>;
}
const followers: Follower[] = [];
const errors: unknown[] = [];

/** A client that counts the calls made through it. */
function counted(follower: { calls: number }): Meilisearch {
  return new Proxy(meili, {
    get(target, property) {
      follower.calls++;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function follow(db: Db): Follower {
  const follower: Follower = { leading: false, calls: 0, stop: async () => {} };
  follower.stop = followCatalogue({
    db, location: temp.location, engines: [{ name: 'engine-1', meili: counted(follower) }], indexUid, intervalMs: 100,
    onError: (error) => errors.push(error),
    onLeadership: (leading) => (follower.leading = leading),
  });
  followers.push(follower);
  return follower;
}

beforeAll(async () => {
  if (!onPostgres) return;
  temp = await openTemporaryDatabase('leadership-indexer', { seed: 9, artworks: 200 });
  second = await openDatabase(temp.location);
});
afterAll(async () => {
  if (!onPostgres) return;
  await Promise.all(followers.map((f) => f.stop()));
  await meili.deleteIndexIfExists(indexUid);
  await second.destroy();
  await temp.close();
});

const caughtUp = async () => (await getSearchIndexState(temp.db, indexUid, 'engine-1'))?.last_change_id === (await getLastChangeId(temp.db));
const titleInIndex = async (id: number) =>
  (await meili.index(indexUid).getDocuments<{ title: string }>({ ids: [id] } as never).catch(() => ({ results: [] }))).results[0]?.title;
const someAvailableId = async (offset: number) =>
  (await temp.db.selectFrom('artworks').select('id').where('status', '=', 'available').orderBy('id').offset(offset).limit(1).executeTakeFirstOrThrow()).id;

// Leadership is a PostgreSQL lock; on SQLite (one machine) every process leads, so there is nothing to elect.
describe.runIf(onPostgres)('two indexers on one PostgreSQL database', () => {
  it('lets only the leader sync, and the other take over when it stops', async () => {
    const a = follow(temp.db);
    const b = follow(second);
    await expect.poll(() => a.leading || b.leading, { timeout: 30_000 }).toBe(true);
    const [leader, other] = a.leading ? [a, b] : [b, a];
    // The leader builds the index and carries an edit; the other never touches the engine.
    const first = await someAvailableId(0);
    expect(await editArtwork(temp.db, first, { title: 'Carried by the leader' }, new Date().toISOString())).toEqual({ ok: true });
    await expect.poll(() => titleInIndex(first), { timeout: 30_000 }).toBe('Carried by the leader');
    await expect.poll(caughtUp, { timeout: 30_000 }).toBe(true);
    expect(other.leading).toBe(false);
    expect(other.calls).toBe(0);

    await leader!.stop();
    await expect.poll(() => other!.leading, { timeout: 30_000 }).toBe(true);
    const next = await someAvailableId(1);
    expect(await editArtwork(temp.db, next, { title: 'Carried after the hand-over' }, new Date().toISOString())).toEqual({ ok: true });
    await expect.poll(() => titleInIndex(next), { timeout: 30_000 }).toBe('Carried after the hand-over');
    await expect.poll(caughtUp, { timeout: 30_000 }).toBe(true);
    expect(other!.calls).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
