import { createHash } from 'node:crypto';
import pg from 'pg';
import { isPostgresLocation } from './dialect';

/** Being the one process that does a job among several that could (the indexer's sync). */
export interface Leadership {
  /** Resolves if leadership ends without release(): the connection holding it was lost. */
  readonly lost: Promise<void>;
  /**
   * Answers whether this process still leads, asking the server on the session that holds the
   * lock: true means no other process has led since this one took the lock, so every engine
   * write this process saw acknowledged before asking landed before any later leader's.
   */
  confirm(): Promise<boolean>;
  /** Gives leadership up at once, for another process to take. */
  release(): Promise<void>;
}

/** How often a leader checks that the connection holding its lock is still there, and how long an answer may take. */
const LEADER_HEARTBEAT_MS = 1_000;
const LEADER_TIMEOUT_MS = 5_000;

/**
 * Makes this process the leader named `name` among the processes using the database at
 * `location` (as `openDatabase` takes it), or answers null when another process leads; a
 * follower asks again every second or so, and takes over once the leader is gone.
 * - PostgreSQL: a session-level advisory lock (pg_try_advisory_lock, on a 64-bit key hashed
 *   from the name) taken on a connection of its own, outside the pool, and held for as long as
 *   this process leads. The server lets the lock go when that session ends, so a leader that
 *   crashes, is killed or loses the connection makes way for the next follower that asks. The
 *   connection is checked every second; once it fails or stops answering, `lost` resolves and
 *   the process must stop acting as leader. confirm() asks on that session, at once, whether the
 *   lock is still held. release() ends the session, which unlocks.
 * - SQLite: the file serves one machine, and every process on it leads (a leadership never
 *   lost). Two indexers on one SQLite file both sync, which costs work but no correctness: a
 *   sync pass writes documents whole and may repeat another's.
 */
export async function acquireLeadership(location: string, name: string): Promise<Leadership | null> {
  if (!isPostgresLocation(location)) return { lost: new Promise(() => {}), confirm: async () => true, release: async () => {} };
  const key = createHash('sha256').update(name).digest().readBigInt64BE().toString();
  const client = new pg.Client({ connectionString: location, connectionTimeoutMillis: LEADER_TIMEOUT_MS, query_timeout: LEADER_TIMEOUT_MS, keepAlive: true });
  let released = false;
  let ended = false;
  let lose!: () => void;
  const lost = new Promise<void>((resolve) => {
    lose = () => {
      ended = true;
      if (!released) resolve();
    };
  });
  client.on('error', () => lose());
  client.on('end', () => lose());
  try {
    await client.connect();
    const { rows } = await client.query<{ leading: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS leading', [key]);
    if (!rows[0]?.leading) {
      released = true;
      await client.end();
      return null;
    }
  } catch (error) {
    released = true;
    await client.end().catch(() => {});
    throw error;
  }
  // One question at a time on the session: a confirm asked while the heartbeat's is under way
  // waits for it, then asks afresh, so its answer comes from after it was asked.
  let asking = Promise.resolve(true);
  const ask = () => {
    asking = asking.then(() => (released || ended ? Promise.reject() : client.query('SELECT 1'))).then(() => !released && !ended, () => {
      lose();
      return false;
    });
    return asking;
  };
  const heartbeat = setInterval(() => void ask(), LEADER_HEARTBEAT_MS);
  void lost.then(() => {
    clearInterval(heartbeat);
    void client.end().catch(() => {});
  });
  return {
    lost,
    confirm: async () => (released || ended ? false : ask()),
    release: async () => {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      await client.end().catch(() => {});
    },
  };
}
