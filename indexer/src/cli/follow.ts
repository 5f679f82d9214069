import { getDataConfig, openDatabase, runCli } from '@easel/data';
import { createAdminApp } from '../admin/app';
import { createIndexAdmin } from '../admin/index-admin';
import { serveAdmin, type ServedAdmin } from '../admin/server';
import { getFollowConfig } from '../config';
import { meiliClient } from '../meili/connect';
import { followCatalogue, SYNC_INTERVAL_MS, type SearchEngine } from '../sync';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * npm run indexer: the indexer of a cluster. Feeds every engine of SEARCH_ENGINES (one per
 * search-service replica) from the database's change log, each from where it left off, and
 * rebuilds an engine whose index is missing. Several may run against one database (one per
 * machine, for failover): they campaign for leadership, and only the leader works. With
 * INDEXER_PORT it also serves the admin API for the staff index page, leader or not (a rebuild
 * beside the leader's sync is harmless). SIGTERM or SIGINT stops it after the work under way and
 * gives leadership up at once, for a follower to take.
 */
await runCli(async () => {
  const config = getFollowConfig();
  const indexUid = config.SEARCH_INDEX;
  const engines: SearchEngine[] = config.SEARCH_ENGINES.map(({ name, url, key }) => ({ name, meili: meiliClient({ url, masterKey: key }) }));
  const stopping = new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  const db = await openDatabase(getDataConfig().DATABASE);
  let admin: ServedAdmin | undefined;
  let stopSync: (() => Promise<void>) | undefined;
  try {
    if (config.INDEXER_PORT !== undefined) {
      admin = await serveAdmin(createAdminApp({ db, admin: createIndexAdmin({ db, engines, indexUid }) }), { host: config.INDEXER_HOST, port: config.INDEXER_PORT });
    }
    stopSync = followCatalogue({
      db, engines, indexUid, intervalMs: SYNC_INTERVAL_MS,
      onError: (error) => console.error(`Index sync failed; trying again shortly: ${message(error)}`),
      onRebuild: (engine, reason) => console.log(`Rebuilding "${indexUid}" on engine ${engine}: ${reason}.`),
      onLeadership: (leading) => console.log(leading ? `Leading: following the catalogue into ${engines.map((e) => e.name).join(', ')}.` : 'No longer leading; waiting to lead again.'),
    });
    console.log(`Indexer for "${indexUid}" started${admin ? `, admin API at ${admin.url}` : ''}; waiting to lead.`);
    await stopping;
  } finally {
    await admin?.close();
    await stopSync?.();
    await db.destroy();
  }
});
