import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSession, addUser, databaseDigest, openTemporaryDatabase, type TemporaryDatabase } from '../../../data/test/fixtures';
import * as api from '../api/route-handlers';
import { isGuardedPath } from '../csrf';

/**
 * No state change on GET (docs/SECURITY.md, "No state change on GET"): every route the
 * storefront has, loaded as Next.js loads it, is sent GETs by a visitor, a visitor with a
 * session cookie and staff (who may do the most), with the query parameters the routes read,
 * and not one row of the database may change. A route without GET answers 405 in Next.js.
 */

type RouteModule = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', (request: NextRequest, context: unknown) => Promise<Response>>>;
const FILES = Object.entries(import.meta.glob<RouteModule>('../../app/**/route.ts', { eager: true }));
/** The route files besides the API's mounts, whose routes the API app lists itself. */
const OWN_ROUTES = FILES.filter(([, route]) => route.GET !== api.GET);
/** The address a route file answers: `../../app/media/art/[...path]/route.ts` -> `/media/art/`. */
const pathOf = (file: string) => file.replace('../../app', '').replace(/\/route\.ts$/, '/').replace(/\[\[?\.\.\.(\w+)\]?\]\//, '');
/** The API's address for a route: `/api/v2/product/s/*` -> `/api/v2/product/s/`. */
const API_ROUTES = api.storefrontApi.routes.map(({ method, path }) => ({ method, path: path.replace(/\*$/, '') }));
/** Every route: its address and the methods it takes. */
const ROUTES = [
  ...OWN_ROUTES.map(([file, route]) => ({ path: pathOf(file), methods: Object.keys(route) })),
  ...API_ROUTES.map(({ method, path }) => ({ path, methods: [method] })),
];
/** Next.js answers 405 to a method a route file does not export, and so does the API, so only these can be asked with GET. */
const READABLE = [
  ...OWN_ROUTES.filter(([, route]) => route.GET).map(([file, route]) => [pathOf(file), route.GET!] as const),
  ...API_ROUTES.filter((route) => route.method === 'GET').map(({ path }) => [path, api.GET] as const),
];

let temp: TemporaryDatabase;
let slug: string;
let artist: string;

beforeAll(async () => {
  temp = await openTemporaryDatabase('get-changes-nothing', { seed: 6, artworks: 40 });
  // The routes' own database (lib/db.ts) is this one; the search service is somewhere that refuses.
  Object.assign(process.env, temp.env);
  process.env.SEARCH_SERVICE_URL = 'http://127.0.0.1:9';
  const work = await temp.db.selectFrom('artworks').innerJoin('artists', 'artists.id', 'artworks.artist_id')
    .select(['artworks.slug as slug', 'artists.slug as artist']).orderBy('artworks.id').executeTakeFirstOrThrow();
  ({ slug, artist } = work);
  const staff = await addUser(temp.db, undefined, 'staff@example.com');
  await temp.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff).execute();
  await addSession(temp.db, 'staff-session', staff);
  // Opening the database is not a GET's doing (openDatabase sets the file up on first open).
  await (await import('../db')).getDb();
});
afterAll(async () => {
  await (await import('../db')).getDb().then((db) => db.destroy()).catch(() => undefined);
  await temp.close();
});

/** The routes that answer from the search service, which no test here starts. */
const ASKS_SEARCH = ['/api/v2/product/s/', '/api/v2/categories/'];

const COOKIES = [undefined, 'sessionid=visitor-session-never-seen', 'sessionid=staff-session'];

describe('GET changes nothing', () => {
  it('the routes were found', () => {
    expect(ROUTES.length).toBeGreaterThan(30);
    expect(READABLE.length).toBeGreaterThan(20);
  });

  it.each(READABLE)('%s', async (path, GET) => {
    for (const cookie of COOKIES) {
      const before = await databaseDigest(temp.db);
      const request = new NextRequest(`http://shop.test${path}?slug=${slug}&product=${slug}&artist=${artist}&q=sea&list=popular`, {
        headers: cookie ? { cookie } : {},
      });
      const response = await GET(request, { params: Promise.resolve({ path: [], slug }) });
      // What asks the search service fails here only as it being away (503).
      expect(response.status, `${path} as ${cookie ?? 'a visitor'}`).toBeLessThan(ASKS_SEARCH.some((p) => path.startsWith(p)) ? 504 : 500);
      expect(await databaseDigest(temp.db), `${path} as ${cookie ?? 'a visitor'}`).toBe(before);
    }
  });
});

describe('every route that changes state is behind the cross-site guard (proxy.ts, lib/csrf.ts)', () => {
  const changing = [...new Set(ROUTES.filter(({ methods }) => methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))).map(({ path }) => path))];
  it('there are such routes', () => expect(changing.length).toBeGreaterThan(15));
  it.each(changing)('%s', (path) => expect(isGuardedPath(path)).toBe(true));
});
