import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { getFreePort } from '@easel/shared/process';
import { startEmbeddedPostgres } from '../src/embedded-postgres';

import type {} from './fixtures';

/**
 * Starts one PostgreSQL for the whole run (or uses TEST_POSTGRES_URL, the address of a server's
 * `postgres` database, when set); every test makes a database of its own on it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_POSTGRES_URL) {
    project.provide('postgres', process.env.TEST_POSTGRES_URL);
    return async () => {};
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-test-postgres-'));
  try {
    const server = await startEmbeddedPostgres({ dataDir, port: await getFreePort(), throwaway: true });
    project.provide('postgres', server.url);
    return async () => {
      await server.stop();
      await fsp.rm(dataDir, { recursive: true, force: true });
    };
  } catch (error) {
    await fsp.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
