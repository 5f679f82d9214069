import fsp from 'node:fs/promises';
import path from 'node:path';
import { Meilisearch } from 'meilisearch';
import type { MeiliConfig } from '../config';
import { answersOk } from '@easel/shared/process';
import { connectExternalMeili, startEmbeddedMeili, type EmbeddedMeiliOptions, type RunningMeili } from './server';

/**
 * The engine the config names: the external MEILI_URL server, or the embedded one. An embedded
 * server already running (under `npm start`) is reused rather than started twice.
 */
export async function openMeili(config: MeiliConfig): Promise<RunningMeili> {
  if (config.MEILI_URL && config.MEILI_MASTER_KEY) {
    return connectExternalMeili({ url: config.MEILI_URL, masterKey: config.MEILI_MASTER_KEY });
  }
  const running = await findRunningEmbedded(config);
  if (running) return running;
  return startEmbeddedMeili(embeddedMeiliOptions(config));
}

/** How the config runs the embedded engine. */
export function embeddedMeiliOptions(config: MeiliConfig): EmbeddedMeiliOptions {
  return {
    dataDir: config.MEILI_DATA_DIR, port: config.MEILI_PORT, bin: config.MEILI_BIN, maxIndexingMemory: config.MEILI_MAX_INDEXING_MEMORY,
  };
}

async function findRunningEmbedded(config: MeiliConfig): Promise<RunningMeili | undefined> {
  let masterKey: string;
  try {
    masterKey = (await fsp.readFile(path.join(config.MEILI_DATA_DIR, 'master-key'), 'utf8')).trim();
  } catch {
    return undefined;
  }
  const url = `http://127.0.0.1:${config.MEILI_PORT}`;
  if (!(await answersOk(`${url}/health`))) return undefined;
  return connectExternalMeili({ url, masterKey });
}

/** A client for the engine, with the project's request time-out. */
export function meiliClient(conn: { url: string; masterKey: string }, timeoutMs = 30_000): Meilisearch {
  return new Meilisearch({ host: conn.url, apiKey: conn.masterKey, timeout: timeoutMs });
}
