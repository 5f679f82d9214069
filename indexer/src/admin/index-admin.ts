import type { Db } from '@easel/data/db';
import { getIndexFigures, type IndexFigures } from '@easel/data/queries/search-source';
import { rebuildIndex, type RebuildProgress } from '../rebuild';
import type { SearchEngine } from '../sync';

/**
 * The staff index page's figures and its "Re-index now", in the indexer's process: the one
 * process that holds the engines' keys. The figures come from the database (search_engine_state,
 * written by every rebuild and sync pass, and catalogue_changes), for the engine furthest behind.
 * The rebuild builds a side index on each engine in turn and swaps it in, so the gallery keeps
 * searching meanwhile, and the sync loop may run alongside it: changes after the rebuild's start
 * are carried again afterwards, which is harmless. Its progress, over all the engines, is kept
 * in memory, and one rebuild at a time runs.
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

export interface IndexStatus extends IndexFigures {
  /** Whether a rebuild can be asked for (the indexer answers). */
  can_rebuild: boolean;
  /** The latest rebuild, under way or finished; null when none has run since the indexer started. */
  rebuild: RebuildRun | null;
}

export interface IndexAdmin {
  status(): Promise<IndexStatus>;
  /** Starts a full rebuild; 'running' when one is under way already. */
  rebuild(): RebuildRun | 'running';
}

export function createIndexAdmin({ db, engines, indexUid }: { db: Db; engines: readonly SearchEngine[]; indexUid: string }): IndexAdmin {
  let run: RebuildRun | null = null;

  return {
    async status() {
      return { ...(await getIndexFigures(db, indexUid)), can_rebuild: true, rebuild: run && { ...run } };
    },

    rebuild() {
      if (run?.state === 'running') return 'running';
      const current: RebuildRun = {
        state: 'running', phase: 'settings', sent: 0, total: 0, started_at: new Date().toISOString(), finished_at: null, duration_ms: null, error: null,
      };
      run = current;
      void (async () => {
        let outcome: Partial<RebuildRun>;
        let durationMs = 0;
        try {
          for (const [done, engine] of engines.entries()) {
            const last = done === engines.length - 1;
            const result = await rebuildIndex({
              db, meili: engine.meili, indexUid, engine: engine.name,
              // Counted over every engine, and done only when the last one is.
              onProgress: ({ phase, sent, total }) => {
                if (phase !== 'done' || last) Object.assign(current, { phase, sent: done * total + sent, total: engines.length * total });
              },
            });
            durationMs += result.durationMs;
          }
          outcome = { state: 'done', duration_ms: durationMs };
        } catch (error) {
          console.error('The index rebuild staff asked for failed:', error);
          outcome = { state: 'failed', error: error instanceof Error ? error.message : String(error) };
        }
        Object.assign(current, outcome, { finished_at: new Date().toISOString() });
      })();
      return { ...current };
    },
  };
}
