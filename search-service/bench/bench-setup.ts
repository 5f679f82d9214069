import path from 'node:path';
import { countArtworks, openDatabase, seedCatalogue } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import { checkIndexStaleness, meiliClient, rebuildIndex, startEmbeddedMeili, type RunningMeili } from '@easel/indexer';
import { describeEnd, getFreePort, startProcess, type LocalProcess } from '@easel/shared/process';
import { buildServer, serverArgs } from '../../scripts/server-builds';

/** What the search benchmarks share: a seeded catalogue indexed into an embedded engine, and the service in front of it. */
export const BENCH_INDEX_UID = 'bench_artworks';

/**
 * Seeds (or reuses) a catalogue of `artworks` in `dir` and starts an embedded Meilisearch on its
 * own data folder there, rebuilding the index when it is stale. Answers the engine and that folder.
 */
export async function prepareCatalogue(dir: string, catalogue: { artworks: number; seed: number }): Promise<{ meili: RunningMeili; dataDir: string }> {
  const dbFile = path.join(dir, `catalogue-${catalogue.artworks}.db`);
  const db = await openDatabase(dbFile);
  if ((await countArtworks(db)) === 0) {
    console.log(`Seeding ${catalogue.artworks} artworks into ${dbFile} …`);
    await seedCatalogue(db, catalogue);
  }
  const dataDir = path.join(dir, `meili-${catalogue.artworks}`);
  const meili = await startEmbeddedMeili({ dataDir, port: await getFreePort() });
  const admin = meiliClient(meili);
  // The same test as npm start's: a changed document shape or settings means a rebuild too.
  const staleness = await checkIndexStaleness(db, admin, BENCH_INDEX_UID);
  if (staleness.stale) {
    console.log(`Indexing (${staleness.reason}) …`);
    const result = await rebuildIndex({ db, meili: admin, indexUid: BENCH_INDEX_UID });
    console.log(`Indexed ${result.documents} documents in ${(result.durationMs / 1000).toFixed(1)} s`);
  }
  await db.destroy();
  return { meili, dataDir };
}

/**
 * The service as shoppers get it: its own process, compiled as `npm start` runs it, on the
 * benchmarks' index unless told another; `cacheTtlMs` 0 turns its hot-answer cache off.
 * Answers once it has filled its card store, as a service that has been running has.
 */
export async function startService(
  meili: { url: string; masterKey: string },
  options: { indexUid?: string; cacheTtlMs?: number; nodeFlags?: string[] } = {},
): Promise<{ url: string; child: LocalProcess }> {
  const { indexUid = BENCH_INDEX_UID, cacheTtlMs, nodeFlags = [] } = options;
  const port = await getFreePort();
  await buildServer(REPO_ROOT, 'search');
  const child = startProcess(process.execPath, [...nodeFlags, ...serverArgs(REPO_ROOT, 'search')], {
    env: { ...process.env, SEARCH_PORT: String(port), SEARCH_HOST: '127.0.0.1', MEILI_URL: meili.url, MEILI_MASTER_KEY: meili.masterKey, SEARCH_INDEX: indexUid, RATE_LIMIT_SEARCH_PER_MINUTE: '0', ...(cacheTtlMs === undefined ? {} : { SEARCH_CACHE_TTL_MS: String(cacheTtlMs) }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [url] = await Promise.all([listeningUrl(child, 'search-service'), printed(child, 'search-service', /product cards/)]);
  return { url, child };
}

/** The address a child process prints as `listening on <url>` once it serves; rejects if it ends first. */
export async function listeningUrl(child: LocalProcess, name: string): Promise<string> {
  return (await printed(child, name, /listening on (\S+)/))[1]!;
}

/** The first line a child process prints on its output that matches `pattern`; rejects if it ends first. */
function printed(child: LocalProcess, name: string, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    void child.then((end) => reject(new Error(`${name} exited (${describeEnd(end)})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = pattern.exec(chunk.toString());
      if (match) resolve(match);
    });
  });
}
