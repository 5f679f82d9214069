import { Meilisearch } from 'meilisearch';
import { getConfig } from '../config';
import { getDb } from '../db';
import { createIndexAdmin, type IndexAdmin } from './index-admin';

let admin: IndexAdmin | undefined;

/** The process's one index admin, so every request sees the same rebuild's progress. */
export function getIndexAdmin(): IndexAdmin {
  if (!admin) {
    const { MEILI_URL, MEILI_MASTER_KEY, SEARCH_INDEX } = getConfig();
    const meili = MEILI_URL && MEILI_MASTER_KEY ? new Meilisearch({ host: MEILI_URL, apiKey: MEILI_MASTER_KEY, timeout: 30_000 }) : null;
    admin = createIndexAdmin({ getDb, meili, indexUid: SEARCH_INDEX });
  }
  return admin;
}
