import { databaseIdentity, type Db } from '@easel/data/db';

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
