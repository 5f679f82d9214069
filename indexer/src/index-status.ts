import type { Meilisearch } from 'meilisearch';
import type { Db } from '@easel/data/db';
import { getSearchIndexState } from '@easel/data/queries/search-source';
import { indexExists, indexFingerprint } from './rebuild';

export type IndexStaleness = { stale: false } | { stale: true; reason: string };

/**
 * Whether the live index still matches the catalogue: it exists, holds the documents the last
 * rebuild wrote, and was built from the catalogue as it is now.
 */
export async function checkIndexStaleness(db: Db, meili: Meilisearch, indexUid: string): Promise<IndexStaleness> {
  if (!(await indexExists(meili, indexUid))) return { stale: true, reason: `the index "${indexUid}" does not exist yet` };
  const state = await getSearchIndexState(db, indexUid);
  if (!state) return { stale: true, reason: 'no rebuild of this catalogue is recorded' };
  const { numberOfDocuments } = await meili.index(indexUid).getStats();
  if (numberOfDocuments !== state.documents) {
    return { stale: true, reason: `the index holds ${numberOfDocuments} documents where ${state.documents} were written` };
  }
  if ((await indexFingerprint(db)) !== state.fingerprint) {
    return { stale: true, reason: 'the catalogue or the index definition changed since the last rebuild' };
  }
  return { stale: false };
}
