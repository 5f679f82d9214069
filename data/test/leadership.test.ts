import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acquireLeadership, type Leadership } from '../src';
import { openTemporaryDatabase, type TemporaryDatabase } from './fixtures';

const onPostgres = inject('postgres') !== undefined;
let temp: TemporaryDatabase;
const held: Leadership[] = [];

beforeAll(async () => {
  temp = await openTemporaryDatabase('leadership');
});
afterAll(async () => {
  await Promise.all(held.map((l) => l.release()));
  await temp.close();
});

/** Leadership as a process using the database at `location` takes it. */
const lead = async (location: string, name: string) => {
  const leadership = await acquireLeadership(location, name);
  if (leadership) held.push(leadership);
  return leadership;
};

describe.runIf(onPostgres)('acquireLeadership on PostgreSQL', () => {
  it('lets one process lead a name at a time, and the next take over once it lets go', async () => {
    const first = await lead(temp.location, 'sync');
    expect(first).not.toBeNull();
    expect(await lead(temp.location, 'sync')).toBeNull();
    // Another name is another leadership.
    expect(await lead(temp.location, 'another job')).not.toBeNull();
    expect(await first!.confirm()).toBe(true);
    await first!.release();
    expect(await first!.confirm()).toBe(false);
    expect(await lead(temp.location, 'sync')).not.toBeNull();
    expect(await lead(temp.location, 'sync')).toBeNull();
  });

  it('is lost with the connection holding it, and the lock goes with the session', async () => {
    await Promise.all(held.splice(0).map((l) => l.release()));
    const leader = await lead(temp.location, 'connection');
    expect(leader).not.toBeNull();
    expect(await leader!.confirm()).toBe(true);
    let lost = false;
    void leader!.lost.then(() => (lost = true));
    // The server ends the leader's session, as a restart or a dropped network would.
    await sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(temp.db);
    // Asked at once, before any heartbeat has noticed: the session's server answers no more.
    expect(await leader!.confirm()).toBe(false);
    await expect.poll(() => lost).toBe(true);
    await expect.poll(async () => (await lead(temp.location, 'connection')) !== null).toBe(true);
  });
});

describe.skipIf(onPostgres)('acquireLeadership on SQLite', () => {
  it('always leads: the file serves one machine, where every process may sync', async () => {
    const leader = await lead(temp.location, 'sync');
    expect(leader).not.toBeNull();
    expect(await lead(temp.location, 'sync')).not.toBeNull();
    expect(await leader!.confirm()).toBe(true);
  });
});
