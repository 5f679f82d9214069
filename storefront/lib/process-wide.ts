import { LRUCache } from 'lru-cache';
import { databaseIdentity, type Db } from '@easel/data/db';
import { getCacheGeneration, type CacheName } from '@easel/data/queries/cache-generations';

/**
 * Next.js loads a module once for route handlers and again for pages, each copy opening its own
 * database handle, so a cache that a route handler must clear for a page (a collection after a
 * change, the homepage after a staff edit) cannot live in module state. It lives on globalThis
 * instead, one per database, so tests on their own databases never mix.
 */

const REGISTRY = Symbol.for('easel.process-wide');
type Registry = Map<string, unknown>;

const identities = new WeakMap<Db, Promise<string>>();

/** Which database the handle is open on: asked once per handle. */
function identityOf(db: Db): Promise<string> {
  let identity = identities.get(db);
  if (!identity) {
    identity = databaseIdentity(db);
    identities.set(db, identity);
  }
  return identity;
}

/** The one `name` object for this database in this process, made by `create` the first time. */
export async function processWide<T>(db: Db, name: string, create: () => T): Promise<T> {
  const holder = globalThis as { [REGISTRY]?: Registry };
  const registry = (holder[REGISTRY] ??= new Map());
  const key = `${name}:${await identityOf(db)}`;
  if (!registry.has(key)) registry.set(key, create());
  return registry.get(key) as T;
}

/** How stale another replica's change may leave this one's copies: the generation is read this often at most. */
export const GENERATION_CHECK_MS = 1000;

interface Generational<T> {
  cache: T;
  generation: Promise<number>;
  checkedAt: number;
}

/**
 * The process-wide `name` cache, kept in step with the other replicas on the same database:
 * whoever changes what it holds moves its generation on (bumpCacheGeneration), and a replica
 * that finds the generation moved clears its copy. The first use reads the generation; later
 * ones read it again at most every GENERATION_CHECK_MS, without waiting for the answer.
 */
export async function generationalCache<T extends { clear(): void }>(db: Db, name: CacheName, create: () => T): Promise<T> {
  const entry = await processWide<Generational<T>>(db, `generational:${name}`, () => ({
    cache: create(), generation: getCacheGeneration(db, name), checkedAt: Date.now(),
  }));
  const known = await entry.generation;
  if (Date.now() - entry.checkedAt >= GENERATION_CHECK_MS) {
    entry.checkedAt = Date.now();
    entry.generation = getCacheGeneration(db, name).then((latest) => {
      if (latest !== known) entry.cache.clear();
      return latest;
    }, () => known);
  }
  return entry.cache;
}


/**
 * An LRU of values read by the loader each `fetch` passes as its context: what generationalCache
 * holds. A clear or delete while a value is being read still gives that request its answer
 * (lru-cache would reject it with "deleted"); the answer is not kept, as it may be from before
 * the change.
 */
export function loaderCache<V extends object>(options: LRUCache.Options<string, V, () => Promise<V>>): LRUCache<string, V, () => Promise<V>> {
  return new LRUCache<string, V, () => Promise<V>>({ ...options, ignoreFetchAbort: true, fetchMethod: (_key, _stale, { context }) => context() });
}
