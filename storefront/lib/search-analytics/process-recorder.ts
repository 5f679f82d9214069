import { getConfig } from '../config';
import { getDb } from '../db';
import { newSearchId, SearchRecorder, type VisitorTraits } from './recorder';

/**
 * The process's one search recorder, started on first use. The compiled server and Next.js's
 * builds each load a copy of this module, so it is kept on `globalThis`, where all find the
 * same one (two would append to two files, which is harmless, and drain twice as often). No
 * stop is needed: lines are in the file as soon as they are written, and whichever process
 * next drains the folder stores what a stopped or killed one left.
 */
const KEY = Symbol.for('easel.storefront.searchRecorder');

export function getSearchRecorder(): SearchRecorder {
  const holder = globalThis as { [KEY]?: SearchRecorder };
  if (!holder[KEY]) {
    const recorder = new SearchRecorder({ dir: getConfig().SEARCH_RECORDS_DIR, getDb });
    recorder.start();
    holder[KEY] = recorder;
  }
  return holder[KEY];
}

/** Records the search a gallery page shows, as the visitor `traits` tell; gives its search id. */
export function recordPageSearch(traits: VisitorTraits, queryString: string, resultCount: number, latencyMs: number): string {
  const recorder = getSearchRecorder();
  const searchId = newSearchId();
  recorder.recordSearch({ searchId, source: 'gallery', queryString, resultCount, latencyMs, visitor: recorder.visitorOf(traits) });
  return searchId;
}
