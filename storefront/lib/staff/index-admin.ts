import type { Meilisearch } from 'meilisearch';
import type { Db } from '@easel/data/db';
import { countCatalogueChangesAfter, getSearchIndexState } from '@easel/data/queries/search-source';
import { rebuildIndex, type RebuildProgress } from '@easel/indexer/rebuild';

/**
 * The staff index page's figures and its "Re-index now". The figures come from the database
 * (search_index_state, written by every rebuild and sync pass, and catalogue_changes), so any
 * storefront can show them. The full rebuild runs in this server process with the engine's key
 * from its environment (scripts/start.ts passes it; it never reaches a browser). The rebuild
 * builds a side index and swaps it in, so the gallery keeps searching meanwhile, and the sync
 * loop (in `npm start`'s process) may run alongside it: changes after the rebuild's start are
 * carried again afterwards, which is harmless. Its progress is kept in memory: a page polls the
 * process that started the rebuild, and one rebuild at a time runs per process.
 */

export interface RebuildRun {
  state: 'running' | 'done' | 'failed';
  phase: RebuildProgress['phase'];
  /** Works read and sent to the engine so far, of `total`. */
  sent: number;
  total: number;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  error: string | null;
}

export interface IndexStatus {
  index: string;
  /** Documents the index holds, as last counted by a rebuild or sync pass; null before the first rebuild. */
  documents: number | null;
  synced_at: string | null;
  /** Catalogue changes the index has yet to carry. */
  lag: number;
  built_at: string | null;
  build_duration_ms: number | null;
  /** Whether this server can rebuild (it knows the engine). */
  can_rebuild: boolean;
  /** This server's latest rebuild, under way or finished; null when it has run none. */
  rebuild: RebuildRun | null;
}

export interface IndexAdmin {
  status(): Promise<IndexStatus>;
  /** Starts a full rebuild: 'running' when one is under way already, 'unavailable' without an engine. */
  rebuild(): RebuildRun | 'running' | 'unavailable';
}

export function createIndexAdmin({ getDb, meili, indexUid }: { getDb: () => Promise<Db>; meili: Meilisearch | null; indexUid: string }): IndexAdmin {
  let run: RebuildRun | null = null;

  return {
    async status() {
      const db = await getDb();
      const state = await getSearchIndexState(db, indexUid);
      return {
        index: indexUid,
        documents: state?.documents ?? null,
        synced_at: state?.synced_at ?? null,
        lag: await countCatalogueChangesAfter(db, state?.last_change_id ?? 0),
        built_at: state?.built_at ?? null,
        build_duration_ms: state?.duration_ms ?? null,
        can_rebuild: meili !== null,
        rebuild: run && { ...run },
      };
    },

    rebuild() {
      if (!meili) return 'unavailable';
      if (run?.state === 'running') return 'running';
      const current: RebuildRun = {
        state: 'running', phase: 'settings', sent: 0, total: 0, started_at: new Date().toISOString(), finished_at: null, duration_ms: null, error: null,
      };
      run = current;
      void (async () => {
        let outcome: Partial<RebuildRun>;
        try {
          const result = await rebuildIndex({
            db: await getDb(), meili, indexUid,
            onProgress: ({ phase, sent, total }) => Object.assign(current, { phase, sent, total }),
          });
          outcome = { state: 'done', duration_ms: result.durationMs };
        } catch (error) {
          console.error('staff: the index rebuild failed:', error);
          outcome = { state: 'failed', error: error instanceof Error ? error.message : String(error) };
        }
        Object.assign(current, outcome, { finished_at: new Date().toISOString() });
      })();
      return { ...current };
    },
  };
}
