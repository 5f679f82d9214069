import type { Meilisearch } from 'meilisearch';
import type { Db } from '@easel/data/db';
import { DEFAULT_SEARCH_ENGINE, getSearchIndexState } from '@easel/data/queries/search-source';
import { hasThisDefinition, indexExists, indexFingerprint } from './rebuild';

export type IndexStaleness = { stale: false } | { stale: true; reason: string };

/**
 * Whether the live index on `engine` (the one engine of `npm start` unless told) still matches
 * the catalogue: it exists, holds the documents the last rebuild wrote, and was built from the
 * catalogue as it is now.
 *
 * With `followingChanges`, for a caller that carries the recorded catalogue changes itself (the
 * follow loop, every pass): changes since the engine's last pass, and the documents they add or
 * remove, are its to carry, so only what the change log cannot bring back counts, and the check
 * stays cheap (one engine request): the index is missing (a fresh engine, a lost disk), no build
 * is recorded for the engine, or this code defines the index differently.
 */
export async function checkIndexStaleness(
  db: Db,
  meili: Meilisearch,
  indexUid: string,
  { engine = DEFAULT_SEARCH_ENGINE, followingChanges = false }: { engine?: string; followingChanges?: boolean } = {},
): Promise<IndexStaleness> {
  if (!(await indexExists(meili, indexUid))) return { stale: true, reason: `the index "${indexUid}" does not exist yet` };
  const state = await getSearchIndexState(db, indexUid, engine);
  if (!state) return { stale: true, reason: 'no rebuild of this catalogue is recorded' };
  if (followingChanges) {
    return hasThisDefinition(state.fingerprint) ? { stale: false } : { stale: true, reason: 'the index definition changed since the last rebuild' };
  }
  const { numberOfDocuments } = await meili.index(indexUid).getStats();
  if (numberOfDocuments !== state.documents) {
    return { stale: true, reason: `the index holds ${numberOfDocuments} documents where ${state.documents} were written` };
  }
  if ((await indexFingerprint(db)) !== state.fingerprint) {
    return { stale: true, reason: 'the catalogue or the index definition changed since the last rebuild' };
  }
  return { stale: false };
}
