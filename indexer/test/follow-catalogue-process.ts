/**
 * The index sync in a process of its own, so a test can kill it mid-batch as a crash would:
 * node --import tsx follow-catalogue-process.ts <database> <meili url> <master key> <index uid>
 */
import { DEFAULT_SEARCH_ENGINE, openDatabase } from '@easel/data';
import { followCatalogue, meiliClient } from '../src';

const [database, url, masterKey, indexUid] = process.argv.slice(2) as [string, string, string, string];
const db = await openDatabase(database);
followCatalogue({ db, location: database, engines: [{ name: DEFAULT_SEARCH_ENGINE, meili: meiliClient({ url, masterKey }) }], indexUid, intervalMs: 20, onError: (error) => console.error(error) });
