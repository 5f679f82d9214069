import { hc } from 'hono/client';
import type { Db } from '@easel/data/db';
import { getIndexFigures } from '@easel/data/queries/search-source';
import type { AdminApp } from '@easel/indexer/admin';
import type { IndexStatus, RebuildRun } from '@easel/indexer/index-admin';

export type { IndexStatus, RebuildRun };

/**
 * The staff index page's figures and its "Re-index now", asked of the indexer's admin API
 * (INDEXER_URL; `npm start` runs it beside the sync), which alone holds the engine's key and runs
 * the rebuild. Each request carries the staff member's own session cookie, which the indexer
 * checks again against the database (docs/SECURITY.md). Without an indexer (none set, or none
 * answering) the figures still come from the database, and no rebuild can be asked for.
 */
export interface IndexAdmin {
  status(sessionId: string): Promise<IndexStatus>;
  /** Starts a full rebuild: 'running' when one is under way already, 'unavailable' without an indexer. */
  rebuild(sessionId: string): Promise<RebuildRun | 'running' | 'unavailable'>;
}

const TIMEOUT_MS = 5_000;

export function createIndexAdmin({ getDb, indexerUrl, indexUid }: { getDb: () => Promise<Db>; indexerUrl: string | undefined; indexUid: string }): IndexAdmin {
  const indexer = indexerUrl === undefined ? undefined : (sessionId: string) => hc<AdminApp>(indexerUrl, {
    headers: { authorization: `Bearer ${sessionId}` },
    init: { signal: AbortSignal.timeout(TIMEOUT_MS) },
  });
  const unanswered = (error: unknown) => {
    console.error(`staff: the indexer at ${indexerUrl} does not answer:`, error);
    return undefined;
  };

  return {
    async status(sessionId) {
      const response = await indexer?.(sessionId).status.$get().catch(unanswered);
      if (response?.status === 200) return response.json();
      if (response) throw new Error(`The indexer answered ${response.status} for the index's status.`);
      return { ...(await getIndexFigures(await getDb(), indexUid)), can_rebuild: false, rebuild: null };
    },

    async rebuild(sessionId) {
      const response = await indexer?.(sessionId).rebuild.$post().catch(unanswered);
      if (!response) return 'unavailable';
      const answered: number = response.status;
      if (response.status === 202) return response.json();
      if (response.status === 409) return 'running';
      throw new Error(`The indexer answered ${answered} to a rebuild.`);
    },
  };
}
