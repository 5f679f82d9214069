import { randomBytes } from 'node:crypto';
import type { EnqueuedTaskPromise, Meilisearch, Task } from 'meilisearch';
import type { Db } from '@easel/data/db';
import {
  countArtworks, DEFAULT_SEARCH_ENGINE, getCatalogueFingerprint, getIndexableArtworks, getLastChangeId, getRateMatrix, saveSearchIndexState,
} from '@easel/data/queries/search-source';
import { getSynonyms, recordLeversReset } from '@easel/data/queries/search-levers';
import { INDEX_DEFINITION_HASH, INDEX_SETTINGS } from './index-settings';
import { isSearchable, toSearchDocument } from './documents';
import { indexingSteps } from './indexing-steps';

/** Rows read from SQLite per page; documents are sent to the engine in pages of this size too. */
const PAGE_SIZE = 10_000;
/**
 * Documents sent ahead of the engine's indexing at most. The engine indexes everything queued in
 * one run, and a run that outgrows its indexing memory slows down: at a million works on two
 * cores (1 GiB of indexing memory), runs of about 100,000 documents went at 6,500 a second,
 * runs of 270,000 at 4,200, and a whole re-index took half as long again with no bound.
 */
const MAX_QUEUED_DOCUMENTS = 150_000;
/** Long enough for a million documents on a small machine. */
const TASK_TIMEOUT_MS = 15 * 60_000;

export interface RebuildProgress {
  phase: 'settings' | 'loading' | 'indexing' | 'swapping' | 'done';
  sent: number;
  total: number;
}

export interface RebuildResult {
  indexUid: string;
  documents: number;
  durationMs: number;
  /** Where the engine spent the build's indexing, in seconds (indexing-steps.ts). */
  engineSteps: Record<string, number>;
}

const buildPrefix = (indexUid: string) => `${indexUid}__build_`;

/**
 * `<uid>__build_<start time>_<random>`: the time tells an abandoned build's age, and the random
 * part keeps two rebuilds started in the same millisecond apart.
 */
const buildUidOf = (indexUid: string) => `${buildPrefix(indexUid)}${Date.now()}_${randomBytes(4).toString('hex')}`;

/**
 * Builds the whole index afresh in a side index and swaps it in atomically: searches running
 * meanwhile keep hitting the old, complete index, and never see a half-built one. `engine` names
 * the engine `meili` talks to, under which the build is recorded (the one engine of `npm start`
 * unless told); `maxQueuedDocuments` bounds the documents sent ahead of its indexing
 * (MAX_QUEUED_DOCUMENTS unless told).
 */
export async function rebuildIndex(options: {
  db: Db;
  meili: Meilisearch;
  indexUid: string;
  engine?: string;
  maxQueuedDocuments?: number;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<RebuildResult> {
  const { db, meili, indexUid, engine = DEFAULT_SEARCH_ENGINE, maxQueuedDocuments = MAX_QUEUED_DOCUMENTS, onProgress } = options;
  const started = performance.now();
  const fingerprint = await indexFingerprint(db);
  const lastChangeId = await getLastChangeId(db);
  const total = await countArtworks(db);

  await deleteAbandonedBuilds(meili, indexUid);
  const buildUid = buildUidOf(indexUid);
  onProgress?.({ phase: 'settings', sent: 0, total });
  try {
    await succeeded(meili.createIndex(buildUid, { primaryKey: 'id' }));
    // With the staff's synonyms from the start, so the swap never shows a moment without them.
    await succeeded(meili.index(buildUid).updateSettings({ ...INDEX_SETTINGS, synonyms: await getSynonyms(db) }));
    const rates = await getRateMatrix(db);
    const tasks: EnqueuedTaskPromise[] = [];
    const sizes: number[] = [];
    /** The first task not yet seen indexed, and the documents sent from it on. */
    let oldest = 0;
    let queued = 0;
    let documents = 0;
    let read = 0;
    for (let afterId = 0; ; ) {
      const page = await getIndexableArtworks(db, { afterId, limit: PAGE_SIZE });
      if (page.length === 0) break;
      afterId = page[page.length - 1]!.id;
      read += page.length;
      const docs = page.filter(isSearchable).map((a) => toSearchDocument(a, rates));
      documents += docs.length;
      // Sent without waiting for indexing: the engine batches queued additions into one run, up
      // to maxQueuedDocuments. At most two uploads are on the wire at once: the engine reads
      // each body as it arrives, and ten at a time on a busy machine outlast the client's time-out.
      if (docs.length > 0) {
        tasks.push(meili.index(buildUid).addDocuments(docs));
        sizes.push(docs.length);
        queued += docs.length;
        if (tasks.length >= 2) await tasks[tasks.length - 2];
        for (; queued > maxQueuedDocuments; oldest++) {
          await succeeded(tasks[oldest]!);
          queued -= sizes[oldest]!;
        }
      }
      onProgress?.({ phase: 'loading', sent: read, total });
      // SQLite reads are synchronous: yield so the request just queued goes out while we read on.
      await new Promise((resolve) => setImmediate(resolve));
    }
    onProgress?.({ phase: 'indexing', sent: total, total });
    const settled = await meili.tasks.waitForTasks(await Promise.all(tasks), { timeout: TASK_TIMEOUT_MS });
    settled.forEach(assertSucceeded);
    const engineSteps = await indexingSteps(meili, [...new Set(settled.flatMap((task) => (task.batchUid === null ? [] : [task.batchUid])))]);

    onProgress?.({ phase: 'swapping', sent: total, total });
    const liveExisted = await swapIn(meili, indexUid, buildUid);
    const durationMs = Math.round(performance.now() - started);
    const builtAt = new Date().toISOString();
    await saveSearchIndexState(db, {
      engine, index_uid: indexUid, fingerprint, documents, built_at: builtAt,
      duration_ms: durationMs, last_change_id: lastChangeId, synced_at: builtAt,
    });
    await recordLeversReset(db, { engine, index_uid: indexUid });
    // After a swap the side index holds the old documents; losing it is harmless, so a failed
    // delete is left for the next rebuild to clear.
    if (liveExisted) await meili.deleteIndex(buildUid).waitTask({ timeout: TASK_TIMEOUT_MS }).catch(() => undefined);
    onProgress?.({ phase: 'done', sent: total, total });
    return { indexUid, documents, durationMs, engineSteps };
  } catch (error) {
    await meili.deleteIndexIfExists(buildUid).catch(() => undefined);
    throw error;
  }
}

/** What an index is built from: the catalogue as it is now, and this code's settings and documents. */
export async function indexFingerprint(db: Db): Promise<string> {
  return `${await getCatalogueFingerprint(db)}|${INDEX_DEFINITION_HASH}`;
}

/** Whether a recorded fingerprint is of an index with this code's settings and documents. */
export function hasThisDefinition(fingerprint: string): boolean {
  return fingerprint.endsWith(`|${INDEX_DEFINITION_HASH}`);
}

/** Swaps the fresh index in for the live one, or renames it the first time; says which. */
async function swapIn(meili: Meilisearch, indexUid: string, buildUid: string): Promise<boolean> {
  const liveExists = await indexExists(meili, indexUid);
  // With rename, the first index takes the second's name.
  await succeeded(meili.swapIndexes([{ indexes: [buildUid, indexUid], rename: !liveExists }]));
  return liveExists;
}

/**
 * A rebuild killed half-way leaves its side index behind; the next rebuild clears those older
 * than any rebuild can take, and leaves a concurrent rebuild's side index alone.
 */
async function deleteAbandonedBuilds(meili: Meilisearch, indexUid: string): Promise<void> {
  const { results } = await meili.getRawIndexes({ limit: 1000 });
  const prefix = buildPrefix(indexUid);
  for (const { uid } of results) {
    const startedAt = Number(uid.slice(prefix.length).split('_')[0]);
    if (uid.startsWith(prefix) && Date.now() - startedAt > TASK_TIMEOUT_MS) await succeeded(meili.deleteIndex(uid));
  }
}

/** Waits for an engine task and throws with the engine's reason unless it succeeded. */
export async function succeeded(task: EnqueuedTaskPromise): Promise<Task> {
  return assertSucceeded(await task.waitTask({ timeout: TASK_TIMEOUT_MS }));
}

function assertSucceeded(task: Task): Task {
  if (task.status !== 'succeeded') {
    throw new Error(`Search engine task ${task.type} ${task.status}: ${task.error?.message ?? 'no reason given'}`);
  }
  return task;
}

export async function indexExists(meili: Meilisearch, indexUid: string): Promise<boolean> {
  try {
    await meili.getRawIndex(indexUid);
    return true;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'index_not_found') return false;
    throw error;
  }
}
