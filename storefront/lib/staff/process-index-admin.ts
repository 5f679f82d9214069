import { getConfig } from '../config';
import { getDb } from '../db';
import { createIndexAdmin, type IndexAdmin } from './index-admin';

let admin: IndexAdmin | undefined;

/** The process's one index admin, so every request sees the same rebuild's progress. */
export function getIndexAdmin(): IndexAdmin {
  if (!admin) {
    const { INDEXER_URL, SEARCH_INDEX } = getConfig();
    admin = createIndexAdmin({ getDb, indexerUrl: INDEXER_URL, indexUid: SEARCH_INDEX });
  }
  return admin;
}
