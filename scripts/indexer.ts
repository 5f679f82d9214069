import { getDataConfig, openDatabase, runCli } from '@easel/data';
import { openPaymentLedger } from '@easel/data/payment-ledger';
import {
  createAdminApp, createIndexAdmin, followCatalogue, getFollowConfig, meiliClient, serveAdmin, SYNC_INTERVAL_MS, type SearchEngine, type ServedAdmin,
} from '@easel/indexer';
import { alertFollower } from '../storefront/lib/alerts/matcher';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * npm run indexer: the indexer of a cluster. Feeds every engine of SEARCH_ENGINES (one per
 * search-service replica) from the database's change log, each from where it left off, and
 * rebuilds an engine whose index is missing; the leader also matches the changes against the
 * shoppers' alerts (docs/ALERTS.md), judging words in the first engine and mailing links to
 * SITE_URL, and refunds the payment provider's charges that never became an order
 * (PAYMENTS_LEDGER_FILE, else as the storefront finds it). Several may run against one database
 * (one per machine, for failover): they campaign for leadership, and only the leader works. With
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
  const data = getDataConfig();
  const db = await openDatabase(data.DATABASE);
  const ledger = await openPaymentLedger(data.PAYMENTS_LEDGER);
  let admin: ServedAdmin | undefined;
  let stopSync: (() => Promise<void>) | undefined;
  try {
    if (config.INDEXER_PORT !== undefined) {
      admin = await serveAdmin(createAdminApp({ db, admin: createIndexAdmin({ db, engines, indexUid }) }), { host: config.INDEXER_HOST, port: config.INDEXER_PORT });
    }
    stopSync = followCatalogue({
      db, location: data.DATABASE, engines, indexUid, intervalMs: SYNC_INTERVAL_MS, ledger,
      onRefund: (key) => console.log(`Refunded the charge under ${key}: it never became an order.`),
      onError: (error) => console.error(`Index sync failed; trying again shortly: ${message(error)}`),
      onRebuild: (engine, reason) => console.log(`Rebuilding "${indexUid}" on engine ${engine}: ${reason}.`),
      alongside: alertFollower({ db, engine: engines[0]!, indexUid, siteUrl: config.SITE_URL }),
      onLeadership: (leading) => console.log(leading ? `Leading: following the catalogue into ${engines.map((e) => e.name).join(', ')}.` : 'No longer leading; waiting to lead again.'),
    });
    console.log(`Indexer for "${indexUid}" started${admin ? `, admin API at ${admin.url}` : ''}; waiting to lead.`);
    await stopping;
  } finally {
    await admin?.close();
    await stopSync?.();
    await ledger.close();
    await db.destroy();
  }
});
