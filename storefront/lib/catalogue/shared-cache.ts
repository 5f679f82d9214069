import type { Db } from '@easel/data/db';
import { bumpCacheGeneration } from '@easel/data/queries/cache-generations';
import { generationalCache, loaderCache } from '../process-wide';

/**
 * Homepage data every shopper sees alike (banner, editors' picks, featured art, artist lists)
 * is read from SQLite once per SPEC §9 homepage lifetime (1800 s) and shared: past it, the
 * next request still gets the stale copy at once while a fresh one is read behind it. Staff
 * edits clear it (clearSharedHomepageData), on every replica (see generationalCache).
 */

const HOMEPAGE_TTL_MS = 1800 * 1000;

const cacheOf = (db: Db) => generationalCache(db, 'homepage', () => loaderCache<object>({
  // A key per section and ships-to country: a few hundred at most.
  max: 2000,
  ttl: HOMEPAGE_TTL_MS,
  allowStale: true,
  noDeleteOnFetchRejection: true,
}));

export async function sharedHomepageData<T extends object>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  return (await cacheOf(db)).fetch(key, { context: load }) as Promise<T>;
}

/** Forgets every shared homepage section, so a staff change (a theme, featured art, a promotion) shows at once. */
export async function clearSharedHomepageData(db: Db): Promise<void> {
  await bumpCacheGeneration(db, 'homepage');
  (await cacheOf(db)).clear();
}
