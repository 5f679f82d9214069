import { DEFAULT_SEARCH_ENGINE, openDatabase, runCli, type Db } from '@easel/data';
import { openPaymentLedger, type PaymentLedger } from '@easel/data/payment-ledger';
import { REPO_ROOT } from '@easel/shared/env';
import {
  checkIndexStaleness, createAdminApp, createIndexAdmin, embeddedMeiliOptions, followCatalogue, keepEmbeddedMeiliRunning, meiliClient, openMeili,
  rebuildIndex, serveAdmin, SYNC_INTERVAL_MS, type KeptMeili, type RunningMeili, type SearchEngine, type ServedAdmin,
} from '@easel/indexer';
import { terminate } from '@easel/shared/process';
import { getStartConfig } from './config';
import { assertPortFree, keepRunning, waitForHttp, type KeptService, type Service } from './processes';
import { buildStorefrontIfStale, seedDemoData, siteAddress, startSearchService, startStorefront, storefrontEnv } from './product';
import { alertFollower } from '../storefront/lib/alerts/matcher';
import { buildServer } from './server-builds';

/** Only the storefront on this machine asks the indexer's admin API. */
const INDEXER_HOST = '127.0.0.1';

/**
 * npm start: migrations, demo catalogue on first run, Meilisearch, a fresh index when needed,
 * the incremental sync that keeps it following the catalogue, the search service and the
 * storefront; Ctrl-C stops everything it started. Once up, the search service, the storefront and
 * the embedded engine are each started again if they stop on their own.
 */
await runCli(async () => {
  const config = getStartConfig();
  const started = performance.now();
  /** Processes still starting (and the build): one that stops now stops everything. */
  const services: Service[] = [];
  /** Services up and kept running. */
  const kept: KeptService[] = [];
  let meili: RunningMeili | undefined;
  let keptMeili: KeptMeili | undefined;
  let db: Db | undefined;
  let ledger: PaymentLedger | undefined;
  let stopSync: (() => Promise<void>) | undefined;
  let indexerAdmin: ServedAdmin | undefined;
  let stopping = false;

  const shutdown = async (code: number, error?: unknown) => {
    if (stopping) return;
    stopping = true;
    if (error) console.error(error instanceof Error ? error.message : String(error));
    await Promise.all([...services.map((s) => terminate(s.child)), ...kept.map((k) => k.stop())]);
    await indexerAdmin?.close();
    await stopSync?.();
    await (keptMeili ?? meili)?.stop();
    await ledger?.close();
    await db?.destroy();
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));
  /**
   * Starts a long-running service and waits for it to answer `url`; stopping before that stops
   * everything. From then on it is kept running: started again, after a short wait, whenever it
   * stops on its own, unless it keeps stopping at start-up (processes.ts, keepRunning).
   */
  const startKept = async (start: () => Service, url: string, timeoutMs: number) => {
    const first = start();
    services.push(first);
    await waitForHttp(first, url, timeoutMs);
    services.splice(services.indexOf(first), 1);
    kept.push(keepRunning(first, start, {
      log: (line) => console.error(line),
      onGiveUp: (message) => void shutdown(1, new Error(message)),
    }));
  };

  try {
    await assertPortFree(config.HOST, config.STOREFRONT_PORT, 'STOREFRONT_PORT');
    await assertPortFree(config.HOST, config.SEARCH_PORT, 'SEARCH_PORT');
    await assertPortFree(INDEXER_HOST, config.INDEXER_PORT, 'INDEXER_PORT');

    db = await openDatabase(config.data.DATABASE);
    await seedDemoData(db, { seed: config.data.CATALOGUE_SEED, artworks: config.data.CATALOGUE_ARTWORKS });

    meili = await openMeili(config.meili);
    console.log(`Meilisearch ${meili.version} at ${meili.url}${meili.embedded ? ' (embedded)' : ''}.`);
    // An engine we started that dies is started again on its data and port: search comes back
    // by itself, and the services holding its URL and key never need a restart.
    if (meili.exited) {
      keptMeili = keepEmbeddedMeiliRunning(meili, {
        ...embeddedMeiliOptions(config.meili),
        onRestart: (restarted) => console.error(`Meilisearch stopped unexpectedly; started again at ${restarted.url}.`),
        onError: (error) => console.error(`Meilisearch stopped and would not start again; trying again shortly: ${error instanceof Error ? error.message : String(error)}`),
      });
    }
    const client = meiliClient(meili);
    const staleness = await checkIndexStaleness(db, client, config.meili.SEARCH_INDEX);
    if (staleness.stale) {
      console.log(`Building the search index: ${staleness.reason}…`);
      const result = await rebuildIndex({ db, meili: client, indexUid: config.meili.SEARCH_INDEX });
      console.log(`Indexed ${result.documents} artworks in ${(result.durationMs / 1000).toFixed(1)} s.`);
    }
    const engines: SearchEngine[] = [{ name: DEFAULT_SEARCH_ENGINE, meili: client }];
    // The staff index page's status and rebuild, asked by the storefront with the staff member's session.
    indexerAdmin = await serveAdmin(
      createAdminApp({ db, admin: createIndexAdmin({ db, engines, indexUid: config.meili.SEARCH_INDEX }) }),
      { host: INDEXER_HOST, port: config.INDEXER_PORT },
    );
    const searchUrl = `http://${config.HOST}:${config.SEARCH_PORT}`;
    const storefrontUrl = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.STOREFRONT_PORT}/`;
    const env = storefrontEnv(process.env, { siteUrl: storefrontUrl, searchServiceUrl: searchUrl, indexerUrl: indexerAdmin.url });
    ledger = await openPaymentLedger(config.data.PAYMENTS_LEDGER);
    stopSync = followCatalogue({
      db, location: config.data.DATABASE, engines, indexUid: config.meili.SEARCH_INDEX, intervalMs: SYNC_INTERVAL_MS, ledger,
      onRefund: (key) => console.log(`Refunded the charge under ${key}: it never became an order.`),
      onError: (error) => console.error(`Index sync failed; trying again shortly: ${error instanceof Error ? error.message : String(error)}`),
      onRebuild: (_, reason) => console.error(`Rebuilding the search index: ${reason}.`),
      alongside: alertFollower({ db, engine: engines[0]!, indexUid: config.meili.SEARCH_INDEX, siteUrl: siteAddress(env) }),
    });

    const searchMeili = { url: meili.url, masterKey: meili.masterKey };
    await Promise.all([buildServer(REPO_ROOT, 'search'), buildServer(REPO_ROOT, 'storefront')]);
    await startKept(() => startSearchService('search-service', searchMeili, { host: config.HOST, port: config.SEARCH_PORT }), `${searchUrl}/healthz`, 30_000);

    await buildStorefrontIfStale(env, services);
    await startKept(() => startStorefront('storefront', { host: config.HOST, port: config.STOREFRONT_PORT }, env), storefrontUrl, 60_000);

    console.log(`\nEasel is running at ${storefrontUrl} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s). Press Ctrl-C to stop.\n`);
  } catch (error) {
    await shutdown(1, error);
  }
});
