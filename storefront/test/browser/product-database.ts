import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { product } from './worker-product';
import type { Browser, BrowserContext } from 'playwright-core';
import { openDatabase, type Db } from '@easel/data/db';
import type { Role } from '@easel/data';
import { addSession, addUser } from '../../../data/test/fixtures';

/** The running product's SQLite file, open for a test file: to pick works by what it holds, or sign shoppers in. */
export function useProductDatabase(): () => Db {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await openDatabase(product.databaseFile);
  });
  afterAll(() => db?.destroy());
  return () => {
    if (!db) throw new Error('The product database is not open yet: use it inside a test.');
    return db;
  };
}

/** A session cookie value for a fresh account of this role, written straight to the database. */
export async function sessionFor(db: Db, role: Role = 'user'): Promise<string> {
  const userId = await addUser(db, undefined, `${role}-${randomUUID()}@example.com`);
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
  const token = randomUUID();
  await addSession(db, token, userId);
  return token;
}

/** A browser context signed in as a fresh account of this role. */
export async function signedInContext(browser: Browser, db: Db, role: Role = 'user', width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'sessionid', value: await sessionFor(db, role), url: product.storefrontUrl }]);
  return context;
}

/**
 * A work for sale, not held by a checkout, by an artist with at most six works for sale, so
 * their page shows every one: the most popular such work, or the least (`order: 'asc'`) for a
 * test that must not edit the same work as another.
 */
export async function workOnASmallArtistPage(db: Db, order: 'asc' | 'desc' = 'desc') {
  const fewWorks = db.selectFrom('artworks').select('artist_id').where('status', '=', 'available').groupBy('artist_id').having((eb) => eb.fn.countAll(), '<=', 6);
  return db.selectFrom('artworks').innerJoin('artists', 'artists.id', 'artworks.artist_id')
    .select(['artworks.slug', 'artworks.title', 'artworks.price_minor', 'artists.slug as artist'])
    .where('artworks.status', '=', 'available').where('artworks.reserved_until', 'is', null)
    .where('artworks.artist_id', 'in', fewWorks).orderBy('artworks.popularity', order).executeTakeFirstOrThrow();
}
