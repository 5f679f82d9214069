import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { postgresPool, reportPoolError } from '../src/postgres';
import { openTemporaryDatabase, type TemporaryDatabase } from './fixtures';

const onPostgres = inject('postgres') !== undefined;

describe('a PostgreSQL pool', () => {
  it('reports an error on an idle connection by default, and carries on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const pool = postgresPool('postgres://nobody@127.0.0.1:1/none', 1);
      // An EventEmitter with no 'error' listener would throw this, and end the process.
      expect(() => pool.emit('error', new Error('terminating connection due to administrator command'))).not.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('terminating connection due to administrator command'));
      void pool.end();
    } finally {
      warn.mockRestore();
    }
  });

  it('words the report without the address, which may hold a password', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      reportPoolError(new Error('Connection terminated unexpectedly'));
      expect(warn.mock.calls[0]![0]).toBe('PostgreSQL: an idle pooled connection failed and was dropped (Connection terminated unexpectedly); the next query opens another.');
    } finally {
      warn.mockRestore();
    }
  });
});

describe.runIf(onPostgres)('a PostgreSQL pool whose idle connection the server ends', () => {
  let temp: TemporaryDatabase;
  beforeAll(async () => {
    temp = await openTemporaryDatabase('postgres-pool');
  });
  afterAll(() => temp?.close());

  it('hands the error to onError and answers the next query on a new connection', async () => {
    const errors: Error[] = [];
    const pool = postgresPool(temp.location, 1, (error) => errors.push(error));
    try {
      const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(temp.db);
      await expect.poll(() => errors.length).toBe(1);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('fails the query holding a connection the server ends, and the process carries on on a new one', async () => {
    const pool = postgresPool(temp.location, 1, () => {});
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // The connection is checked out, between two queries of its holder, when the server ends it:
      // the error event (no listener would end the process) is heard, and the next query fails.
      await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(temp.db);
      let failure: unknown;
      await expect.poll(() => client.query('SELECT 1').then(() => 'answered', (error: unknown) => { failure = error; return 'failed'; })).toBe('failed');
      // The holder hands the failed connection back with its error, so the pool drops it even
      // before the socket's end reaches the client.
      client.release(failure as Error);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
