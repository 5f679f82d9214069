import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { getFreePort } from '@easel/shared/process';
import { connectExternalMeili, startEmbeddedMeili, type RunningMeili } from '../src/meili/server';

declare module 'vitest' {
  export interface ProvidedContext {
    meili: { url: string; masterKey: string };
  }
}

/**
 * Starts one Meilisearch for the whole test run (or uses MEILI_URL + MEILI_MASTER_KEY when both
 * are set; tests use unique index names, so sharing a server is safe).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { MEILI_URL, MEILI_MASTER_KEY } = process.env;
  let meili: RunningMeili;
  let dataDir: string | undefined;
  if (MEILI_URL && MEILI_MASTER_KEY) {
    meili = await connectExternalMeili({ url: MEILI_URL, masterKey: MEILI_MASTER_KEY });
  } else {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-test-meili-'));
    try {
      meili = await startEmbeddedMeili({ dataDir, port: await getFreePort() });
    } catch (e) {
      await fsp.rm(dataDir, { recursive: true, force: true });
      throw e;
    }
  }
  project.provide('meili', { url: meili.url, masterKey: meili.masterKey });

  return async () => {
    await meili.stop();
    if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
  };
}
