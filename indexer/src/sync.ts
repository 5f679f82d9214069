import type { Meilisearch } from 'meilisearch';
import { inTransaction, type Db } from '@easel/data/db';
import { releaseLapsedReservations } from '@easel/data/queries/checkout';
import {
  getCatalogueChanges, getIndexableArtworksByIds, getRateMatrix, getSearchIndexState, recordIndexSync,
} from '@easel/data/queries/search-source';
import { isSearchable, toSearchDocument } from './documents';
import { indexFingerprint, succeeded } from './rebuild';

/** Changes carried per pass; a backlog larger than this drains over several passes. */
const CHANGES_PER_PASS = 1000;

/**
 * The incremental sync: carries the catalogue changes recorded since the last one applied
 * (search_index_state.last_change_id) to the live index. A work that is still available is
 * written afresh; one sold, reserved or hidden is deleted. The index state then records the
 * catalogue's fingerprint, so the next start does not mistake the index for stale. Does
 * nothing before the first full rebuild, which covers every change up to its start.
 * Answers how many changes it applied.
 */
export async function syncIndex({ db, meili, indexUid }: { db: Db; meili: Meilisearch; indexUid: string }): Promise<number> {
  const state = await getSearchIndexState(db, indexUid);
  if (!state) return 0;
  // The changes and the fingerprint from one snapshot, so the state never claims more than was carried.
  const { changes, fingerprint } = await inTransaction(db, async (trx) => ({
    changes: await getCatalogueChanges(trx, state.last_change_id, CHANGES_PER_PASS),
    fingerprint: await indexFingerprint(trx),
  }));
  if (changes.length === 0) return 0;
  const ids = [...new Set(changes.map((c) => c.artwork_id))];
  const [artworks, rates] = await Promise.all([getIndexableArtworksByIds(db, ids), getRateMatrix(db)]);
  const searchable = artworks.filter(isSearchable);
  const kept = new Set(searchable.map((a) => a.id));
  const index = meili.index(indexUid);
  if (searchable.length > 0) await succeeded(index.addDocuments(searchable.map((a) => toSearchDocument(a, rates))));
  const gone = ids.filter((id) => !kept.has(id));
  if (gone.length > 0) await succeeded(index.deleteDocuments(gone));
  const { numberOfDocuments } = await index.getStats();
  const lastChangeId = changes[changes.length - 1]!.id;
  await recordIndexSync(db, indexUid, {
    // Only a pass that reached the newest change may vouch for the whole catalogue.
    fingerprint: changes.length < CHANGES_PER_PASS ? fingerprint : state.fingerprint,
    documents: numberOfDocuments,
    last_change_id: lastChangeId,
    synced_at: new Date().toISOString(),
  });
  return changes.length;
}

/**
 * Keeps the index following the catalogue: every `intervalMs`, lets lapsed checkout
 * reservations go (which records them as changes) and then syncs. A failed pass is reported
 * and the next one tries again. Answers a function that stops it after the pass under way.
 */
export function followCatalogue(options: {
  db: Db;
  meili: Meilisearch;
  indexUid: string;
  intervalMs: number;
  onError: (error: unknown) => void;
}): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const run = () => {
    pass = (async () => {
      try {
        await releaseLapsedReservations(options.db, new Date().toISOString());
        await syncIndex(options);
      } catch (error) {
        options.onError(error);
      }
      if (!stopped) timer = setTimeout(run, options.intervalMs);
    })();
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await pass;
  };
}
