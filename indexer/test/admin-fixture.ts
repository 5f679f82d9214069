import type { Meilisearch } from 'meilisearch';
import type { Db } from '@easel/data/db';
import { DEFAULT_SEARCH_ENGINE } from '@easel/data';
import { createAdminApp, createIndexAdmin, serveAdmin } from '../src';

/** The indexer's admin API served on a free loopback port, as `npm start` serves it, for a test's database and index. */
export async function serveIndexerAdmin({ db, meili, indexUid }: { db: Db; meili: Meilisearch; indexUid: string }) {
  const admin = createIndexAdmin({ db, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili }], indexUid });
  const served = await serveAdmin(createAdminApp({ db, admin }), { host: '127.0.0.1', port: 0 });
  return { admin, url: served.url, close: served.close };
}
