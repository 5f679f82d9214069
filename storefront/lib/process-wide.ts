import { sql } from 'kysely';
import type { Db } from '@easel/data/db';

/**
 * Next.js loads a module once for route handlers and again for pages, each copy opening its own
 * database handle, so a cache that a route handler must clear for a page (a collection after a
 * change, the homepage after a staff edit) cannot live in module state. It lives on globalThis
 * instead, one per database file, so tests on their own files never mix.
 */

const REGISTRY = Symbol.for('easel.process-wide');
type Registry = Map<string, unknown>;

const files = new WeakMap<Db, Promise<string>>();

/** The database's file, as SQLite names it: asked once per handle. */
function fileOf(db: Db): Promise<string> {
  let file = files.get(db);
  if (!file) {
    file = sql<{ name: string; file: string }>`pragma database_list`.execute(db).then(({ rows }) => rows.find((r) => r.name === 'main')?.file ?? '');
    files.set(db, file);
  }
  return file;
}

/** The one `name` object for this database in this process, made by `create` the first time. */
export async function processWide<T>(db: Db, name: string, create: () => T): Promise<T> {
  const holder = globalThis as { [REGISTRY]?: Registry };
  const registry = (holder[REGISTRY] ??= new Map());
  const key = `${name}:${await fileOf(db)}`;
  if (!registry.has(key)) registry.set(key, create());
  return registry.get(key) as T;
}
