import type { Meilisearch } from 'meilisearch';
import { acquireLeadership, inReadSnapshot, type Db, type Leadership } from '@easel/data/db';
import { recordCatalogueChanges } from '@easel/data/queries/change-log';
import type { PaymentLedger } from '@easel/data/payment-ledger';
import { releaseLapsedReservations } from '@easel/data/queries/checkout';
import { sweepUnorderedCharges } from '@easel/data/queries/refunds';
import {
  DEFAULT_SEARCH_ENGINE, getCatalogueChanges, getIndexableArtworksByIds, getRateMatrix, getSearchIndexState, recordIndexSync,
} from '@easel/data/queries/search-source';
import { isSearchable, toSearchDocument } from './documents';
import { checkIndexStaleness } from './index-status';
import { syncLevers } from './levers';
import { indexFingerprint, rebuildIndex, succeeded } from './rebuild';

/** Changes carried per pass; a backlog larger than this drains over several passes. */
const CHANGES_PER_PASS = 1000;

/**
 * How often the index catches up with the catalogue: a sale or an edit shows in the gallery
 * within 2 s (bench:edits). A quiet pass is, per engine, one engine request and two small
 * database reads.
 */
export const SYNC_INTERVAL_MS = 200;

/** How often the leader looks for charges with no order to refund (queries/refunds.ts). */
export const REFUND_SWEEP_INTERVAL_MS = 10_000;

/** How often a process that does not lead asks to, so a leader that stops is replaced within a second. */
const CAMPAIGN_INTERVAL_MS = 750;

/** A search engine the indexer feeds. */
export interface SearchEngine {
  /**
   * Stable across restarts and unique among the engines ("engine-1"): the engine's progress in
   * the database is kept under it, so a renamed engine starts again with a full rebuild.
   */
  name: string;
  meili: Meilisearch;
}

/**
 * The incremental sync: carries the catalogue changes recorded since the last one applied to
 * `engine` (the one engine of `npm start` unless told) to its live index. A work that is still
 * available is written afresh; one sold, reserved or hidden is deleted. The engine's state then
 * records the catalogue's fingerprint, so the next start does not mistake the index for stale.
 * Does nothing before the engine's first full rebuild, which covers every change up to its
 * start. Answers how many changes it applied.
 *
 * Given the `leadership` it works under, the pass is fenced: once its writes are acknowledged it
 * confirms, on the session holding the lock, that no other process has led since. If it cannot
 * (the lock moved while the writes were on their way, and they may have landed after a newer
 * leader's), it records the works it wrote as changed again, so whoever leads carries them
 * afresh from the database after the late writes, and fails without moving the cursor.
 */
export async function syncIndex({ db, meili, indexUid, engine = DEFAULT_SEARCH_ENGINE, leadership }: {
  db: Db;
  meili: Meilisearch;
  indexUid: string;
  engine?: string;
  leadership?: Pick<Leadership, 'confirm'>;
}): Promise<number> {
  const state = await getSearchIndexState(db, indexUid, engine);
  if (!state) return 0;
  // The changes and the fingerprint from one snapshot, so the state never claims more than was
  // carried; read without holding up any writer, and the fingerprint (a scan of every work) only
  // when there is something to carry.
  const { changes, fingerprint } = await inReadSnapshot(db, async (snapshot) => {
    const pending = await getCatalogueChanges(snapshot, state.last_change_id, CHANGES_PER_PASS);
    return { changes: pending, fingerprint: pending.length === 0 ? '' : await indexFingerprint(snapshot) };
  });
  if (changes.length === 0) return 0;
  const ids = [...new Set(changes.map((c) => c.artwork_id))];
  const [artworks, rates] = await Promise.all([getIndexableArtworksByIds(db, ids), getRateMatrix(db)]);
  const searchable = artworks.filter(isSearchable);
  const kept = new Set(searchable.map((a) => a.id));
  const index = meili.index(indexUid);
  if (searchable.length > 0) await succeeded(index.addDocuments(searchable.map((a) => toSearchDocument(a, rates))));
  const gone = ids.filter((id) => !kept.has(id));
  if (gone.length > 0) await succeeded(index.deleteDocuments(gone));
  if (leadership && !(await leadership.confirm())) {
    await recordChangedAgain(db, ids);
    throw new Error(`leadership moved while this pass wrote to the engine; its works (${ids.length}) are recorded as changed again, for the leader to carry afresh`);
  }
  const { numberOfDocuments } = await index.getStats();
  const lastChangeId = changes[changes.length - 1]!.id;
  await recordIndexSync(db, { engine, index_uid: indexUid }, {
    // Only a pass that reached the newest change may vouch for the whole catalogue.
    fingerprint: changes.length < CHANGES_PER_PASS ? fingerprint : state.fingerprint,
    documents: numberOfDocuments,
    last_change_id: lastChangeId,
    synced_at: new Date().toISOString(),
  });
  return changes.length;
}

/** How often, a second apart, a pass that lost its leadership tries to record its works as changed again. */
const CHANGED_AGAIN_ATTEMPTS = 10;

/**
 * Records `artworkIds` as changed again. A process that has just lost its leadership may find
 * pooled connections the server has closed meanwhile, so it tries again a few times.
 */
async function recordChangedAgain(db: Db, artworkIds: readonly number[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute((trx) => recordCatalogueChanges(trx, artworkIds, new Date().toISOString()));
      return;
    } catch (error) {
      if (attempt >= CHANGED_AGAIN_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/**
 * Keeps every engine's index following the catalogue, one code path for one engine or many.
 *
 * Among the processes following the same index on one database, only the leader works
 * (acquireLeadership, under the name `search-index:<uid>`); the others ask again every 750 ms
 * and take over when it stops or loses its database connection. On SQLite every process leads.
 *
 * Every `intervalMs` the leader lets lapsed checkout reservations go (which records them as
 * changes), then brings each engine not already busy up to date on its own: from the last change
 * that engine applied (its cursor in the database), so one that was down or slow catches up from
 * where it was, each pass fenced by the lock (syncIndex); or, when its index is missing (a fresh engine, a lost disk), no build is recorded
 * for it, or the index definition changed, by a full rebuild; then carries the staff's search
 * levers (synonyms, rules: levers.ts) that changed since that engine last took them. A failed
 * pass or rebuild is reported with the engine's name, and the next pass tries again. Given the
 * payment provider's ledger, the leader also refunds, every REFUND_SWEEP_INTERVAL_MS, each charge
 * that never became an order (sweepUnorderedCharges). Answers a function that stops
 * it once the work under way has ended, and gives up leadership.
 */
export function followCatalogue(options: {
  db: Db;
  /** Where `db` is open, as `openDatabase` took it: leadership is taken among the processes using it. */
  location: string;
  engines: readonly SearchEngine[];
  indexUid: string;
  intervalMs: number;
  onError: (error: unknown) => void;
  /** The payment provider's ledger, whose charges with no order the leader refunds. */
  ledger?: PaymentLedger;
  /** Told of each charge refunded, by its idempotency key. */
  onRefund?: (idempotencyKey: string) => void;
  /** Told when a rebuild starts, and why. */
  onRebuild?: (engine: string, reason: string) => void;
  /** Told when this process starts or stops leading. */
  onLeadership?: (leading: boolean) => void;
  /**
   * Work only the leader does, from the change log, beside the engines' (the alert matcher): run
   * every pass while leading, one run at a time; a failure is reported and the next pass tries again.
   */
  alongside?: () => Promise<void>;
}): () => Promise<void> {
  const { db, engines, indexUid } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  let leadership: Leadership | null = null;
  /** Each engine's pass or rebuild under way: an engine is brought up to date by one at a time, and a slow one holds no other back. */
  const working = new Map<string, Promise<void>>();
  let sweptAt = -Infinity;

  const sweepCharges = async (ledger: PaymentLedger) => {
    if (performance.now() - sweptAt < REFUND_SWEEP_INTERVAL_MS) return;
    sweptAt = performance.now();
    const { refunded } = await sweepUnorderedCharges(db, ledger, new Date());
    for (const key of refunded) options.onRefund?.(key);
  };
  /** The leader's other work under way (options.alongside), under a name no engine may have. */
  const ALONGSIDE = ' alongside';

  const lead = async () => {
    const won = await acquireLeadership(options.location, `search-index:${indexUid}`);
    if (!won) return;
    leadership = won;
    options.onLeadership?.(true);
    void won.lost.then(() => {
      if (leadership === won) leadership = null;
      options.onLeadership?.(false);
    });
  };

  const keepUp = async (engine: SearchEngine, held: Leadership) => {
    const staleness = await checkIndexStaleness(db, engine.meili, indexUid, { engine: engine.name, followingChanges: true });
    if (staleness.stale) {
      options.onRebuild?.(engine.name, staleness.reason);
      await rebuildIndex({ db, meili: engine.meili, indexUid, engine: engine.name });
    } else {
      await syncIndex({ db, meili: engine.meili, indexUid, engine: engine.name, leadership: held });
    }
    await syncLevers({ db, meili: engine.meili, indexUid, engine: engine.name });
  };

  const run = () => {
    pass = (async () => {
      try {
        if (!leadership) await lead();
        if (leadership) {
          await releaseLapsedReservations(db, new Date());
          for (const engine of engines) {
            if (working.has(engine.name)) continue;
            working.set(engine.name, keepUp(engine, leadership)
              .catch((error: unknown) => options.onError(new Error(`engine ${engine.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })))
              .finally(() => working.delete(engine.name)));
          }
          if (options.ledger) await sweepCharges(options.ledger).catch((error: unknown) => options.onError(new Error(`refund sweep: ${error instanceof Error ? error.message : String(error)}`, { cause: error })));
          if (options.alongside && !working.has(ALONGSIDE)) {
            working.set(ALONGSIDE, options.alongside().catch(options.onError).finally(() => working.delete(ALONGSIDE)));
          }
        }
      } catch (error) {
        options.onError(error);
      }
      if (!stopped) timer = setTimeout(run, leadership ? options.intervalMs : CAMPAIGN_INTERVAL_MS);
    })();
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await pass;
    await Promise.all(working.values());
    const held = leadership;
    leadership = null;
    await held?.release();
    if (held) options.onLeadership?.(false);
  };
}
