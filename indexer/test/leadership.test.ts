import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acquireLeadership, editArtwork, getLastChangeId, getSearchIndexState, openDatabase, type Db, type Leadership } from '@easel/data';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../data/test/fixtures';
import { followCatalogue, meiliClient, rebuildIndex, syncIndex } from '../src';

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

/**
 * A client to the same engine whose document writes are held on their way until `open()`, as a
 * cut link holds them until it heals; `reached` resolves once a write is being held.
 */
function heldWrites() {
  const { url, masterKey } = inject('meili');
  let open!: () => void;
  let reach!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const client = new Meilisearch({
    host: url,
    apiKey: masterKey,
    httpClient: async (input, init) => {
      if (init?.method === 'POST' && String(input).includes('/documents')) {
        reach();
        await gate;
      }
      const response = await fetch(input, init);
      const text = await response.text();
      if (!response.ok) throw new Error(`engine answered ${response.status}: ${text}`);
      return text === '' ? undefined : JSON.parse(text);
    },
  });
  return { client, reached, open };
}

/** Ends, on the server, the session holding the lock `name`, as PostgreSQL's keepalives end a cut-off client's. */
async function endLockSession(name: string): Promise<void> {
  const key = BigInt.asUintN(64, createHash('sha256').update(name).digest().readBigInt64BE());
  const ended = await sql<{ pid: number }>`
    SELECT pg_terminate_backend(pid) AS ended, pid FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND classid = ${String(key >> 32n)}::oid AND objid = ${String(key & 0xffffffffn)}::oid AND objsubid = 1`.execute(temp.db);
  expect(ended.rows).toHaveLength(1);
}

const caughtUp = async () => (await getSearchIndexState(temp.db, indexUid, 'engine-1'))?.last_change_id === (await getLastChangeId(temp.db));
const titleInIndex = async (id: number, uid = indexUid) =>
  (await meili.index(uid).getDocuments<{ title: string }>({ ids: [id] } as never).catch(() => ({ results: [] }))).results[0]?.title;
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

describe.runIf(onPostgres)('a leader whose engine write lands after the lock moved', () => {
  it('records the works it wrote as changed again, so the engine ends equal to the database', async () => {
    const uid = `${indexUid}_fenced`;
    const lock = `search-index:${uid}`;
    const edit = async (id: number, title: string) => expect(await editArtwork(temp.db, id, { title }, new Date().toISOString())).toEqual({ ok: true });
    await rebuildIndex({ db: temp.db, meili, indexUid: uid, engine: 'engine-1' });
    const [x, y] = [await someAvailableId(10), await someAvailableId(11)];
    const old = await acquireLeadership(temp.location, lock);
    expect(old).not.toBeNull();
    expect(await old!.confirm()).toBe(true);

    // The old leader reads an edit and sends it; the link is cut with the write on its way.
    await edit(x, 'As the old leader read it');
    const oldLink = heldWrites();
    const oldPass = syncIndex({ db: temp.db, meili: oldLink.client, indexUid: uid, engine: 'engine-1', leadership: old! });
    const oldOutcome = oldPass.then(() => 'applied', (error: Error) => error.message);
    await oldLink.reached;

    // Its session ends on the server; the other takes the lock and carries the newer edit.
    await endLockSession(lock);
    let next: Leadership | null = null;
    await expect.poll(async () => (next = await acquireLeadership(temp.location, lock)) !== null, { timeout: 10_000 }).toBe(true);
    await edit(x, 'As the database holds it now');
    expect(await syncIndex({ db: second, meili, indexUid: uid, engine: 'engine-1', leadership: next! })).toBeGreaterThan(0);
    expect(await titleInIndex(x, uid)).toBe('As the database holds it now');

    // The new leader's next pass is under way (another work) when the link heals and the old
    // leader's stale write lands, after the newer one.
    await edit(y, 'Carried by the new leader');
    const newLink = heldWrites();
    const newPass = syncIndex({ db: second, meili: newLink.client, indexUid: uid, engine: 'engine-1', leadership: next! });
    await newLink.reached;
    oldLink.open();
    const outcome = await oldOutcome;
    newLink.open();
    expect(await newPass).toBeGreaterThan(0);

    // The old leader's works were recorded as changed again: the leader carries them afresh.
    await syncIndex({ db: second, meili, indexUid: uid, engine: 'engine-1', leadership: next! });
    expect(await titleInIndex(x, uid)).toBe('As the database holds it now');
    expect(await titleInIndex(y, uid)).toBe('Carried by the new leader');
    expect(outcome).toMatch(/leadership moved/);
    expect(await old!.confirm()).toBe(false);
    await next!.release();
    await old!.release();
    await meili.deleteIndexIfExists(uid);
  });
});
