import fsp from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { getDataConfig, getSearchIndexState, openDatabase, type Db } from '@easel/data';
import { ensurePostgresDatabase, startEmbeddedPostgres } from '@easel/data/embedded-postgres';
import { getFollowConfig, startEmbeddedMeili, type RunningMeili } from '@easel/indexer';
import { REPO_ROOT } from '@easel/shared/env';
import { describeEnd, getFreePort, hasEnded, terminate } from '@easel/shared/process';
import { startService, waitForHttp, type Service } from '../processes';
import { buildStorefrontIfStale, seedDemoData, startSearchService, startStorefront, storefrontEnv } from '../product';
import { buildServer } from '../server-builds';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import { startHaproxy, type BudgetedAnswer } from './haproxy';
import type { PrivateNetwork } from './network';

/** Every part of the cluster, in the order it starts. */
export const CLUSTER_PARTS = [
  'postgres', 'meili-1', 'meili-2', 'indexer-1', 'indexer-2', 'search-1', 'search-2', 'storefront-1', 'storefront-2', 'haproxy',
] as const;

export type ClusterPart = (typeof CLUSTER_PARTS)[number];
/** What has an address: every part but indexer-2, and HAProxy's two doors (its own address is its staff statistics page). */
export type ClusterAddress = Exclude<ClusterPart, 'indexer-2'> | 'search-proxy' | 'front-proxy';
export type Replica = 'search-1' | 'search-2' | 'storefront-1' | 'storefront-2';
export type RestartablePart = 'meili-1' | 'meili-2' | Replica;

export interface ClusterOptions {
  /** Where PostgreSQL, the engines and the picture caches keep their files; kept for the next start. */
  dataDir?: string;
  /** Fixed ports for some parts; the others get free ones. indexer-2 has no port: it serves nothing. */
  ports?: Partial<Record<ClusterAddress, number>>;
  /** The demo catalogue seeded into an empty database; CATALOGUE_SEED and CATALOGUE_ARTWORKS otherwise. */
  catalogue?: { seed: number; artworks: number };
  /** Settings for every service, over this process's environment (RATE_LIMIT_… for tests). */
  env?: NodeJS.ProcessEnv;
  /** One line whenever a replica leaves or rejoins HAProxy's rotation. */
  log?: (line: string) => void;
  /**
   * Runs every part on a host of its own: the network's host named as the part (CLUSTER_PARTS;
   * createNetwork(CLUSTER_PARTS)), each listening on its host's address at the part's usual port.
   * On loopback, with free ports, otherwise.
   */
  network?: PrivateNetwork;
  /**
   * `host:port` through which the storefronts reach PostgreSQL, such as a fault relay placed
   * between them (fault-relay.ts); PostgreSQL itself otherwise.
   */
  storefrontDatabase?: string;
}

export interface RunningCluster {
  /** The front proxy: the address shoppers use. */
  url: string;
  /**
   * Each part's address: postgres:// for PostgreSQL, http:// for the rest (indexer-1's admin API;
   * indexer-2 serves nothing; `haproxy` is its staff statistics page, on loopback).
   */
  urls: Record<ClusterAddress, string>;
  /** The catalogue database every service shares. */
  databaseUrl: string;
  /** Every search through the front door so far, as HAProxy timed it. */
  frontSearches: BudgetedAnswer[];
  /** The log lines the front door's HAProxy could not write so far (RunningHaproxy.droppedLogs). */
  frontDroppedLogs(): Promise<number>;
  /** The search engines, as the indexers know them (SEARCH_ENGINES). */
  engines: { name: string; url: string; key: string }[];
  /**
   * Kills one part at once, as a crash would: SIGKILL for a process (PostgreSQL is stopped
   * instead). Nothing starts it again; HAProxy routes around it.
   */
  kill(part: ClusterPart): Promise<void>;
  /**
   * Stops a replica as an orchestrator would, with SIGTERM: it fails its health check while
   * HAProxy takes it out of the rotation, finishes what it is answering, and exits; resolves then.
   */
  terminate(part: Replica): Promise<void>;
  /** Sends a replica SIGSTOP (`frozen` true) or SIGCONT: a process that hangs, with its connections open. */
  freeze(part: Replica, frozen: boolean): void;
  /**
   * Starts a killed or stopped engine, search service or storefront again on its own data and port, as a supervisor
   * would; resolves once it answers. HAProxy puts it back in its rotation by itself.
   */
  restart(part: RestartablePart): Promise<void>;
  /** Stops every part still running, front to back. */
  stop(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
/** Each part's port on a host of its own. */
const HOST_PORTS: Record<ClusterAddress, number> = {
  postgres: 5432, 'meili-1': 7700, 'meili-2': 7700, 'indexer-1': 4100, 'search-1': 4000, 'search-2': 4000,
  'storefront-1': 3000, 'storefront-2': 3000, 'front-proxy': 8080, 'search-proxy': 8081, haproxy: 8404,
};
/**
 * How long a replica told to stop keeps serving with its health check failing: HAProxy's checks
 * (scripts/cluster/haproxy.ts) take it out within about a second, two on a busy machine.
 */
const DRAIN_MS = 3_000;
/** The cluster's database on its PostgreSQL server. */
const DATABASE = 'easel';
/** A first index of a large catalogue, on two engines at once, on a busy machine. */
const INDEX_TIMEOUT_MS = 600_000;

/**
 * The whole product as a small cluster on loopback: one PostgreSQL holding the catalogue and
 * every storefront's state; two Meilisearch engines, both fed by two indexer processes that
 * elect one leader (indexer-1 also serves the admin API for the staff index page); two search
 * services, each on its own engine; two storefronts; and HAProxy in front of both pairs (the
 * search proxy the storefronts search through, the front proxy shoppers use). Stale builds are made
 * first, and the demo catalogue is seeded into an empty database, as `npm start` does. It
 * resolves once the engines hold the index and every replica answers.
 *
 * A part that stops is not started again: HAProxy takes it out of its rotation, so the
 * cluster shows what happens when a replica is lost.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const dataDir = path.resolve(REPO_ROOT, options.dataDir ?? 'var/cluster');
  const log = options.log ?? ((line: string) => console.error(line));
  const env = { ...process.env, ...options.env };
  const catalogue = options.catalogue ?? demoCatalogue(env);
  const { network } = options;
  const port = async (part: ClusterAddress) => options.ports?.[part] ?? (network ? HOST_PORTS[part] : getFreePort());
  /** The host a part runs on: its address, and its namespace on a network. */
  const hostOf = (part: ClusterPart | 'search-proxy' | 'front-proxy') => {
    if (!network) return { address: LOOPBACK, netns: undefined };
    const host = network.hosts.get(part === 'search-proxy' || part === 'front-proxy' ? 'haproxy' : part);
    if (!host) throw new Error(`The network has no host "${part}" for the cluster.`);
    return { address: host.address, netns: host.netns };
  };
  const listen = (part: Exclude<ClusterAddress, 'postgres'>) => ({ host: hostOf(part).address, port: ports[part], netns: hostOf(part).netns });
  const ports = {
    postgres: await port('postgres'), 'meili-1': await port('meili-1'), 'meili-2': await port('meili-2'), 'indexer-1': await port('indexer-1'),
    'search-1': await port('search-1'), 'search-2': await port('search-2'), 'search-proxy': await port('search-proxy'),
    'storefront-1': await port('storefront-1'), 'storefront-2': await port('storefront-2'), 'front-proxy': await port('front-proxy'), haproxy: await port('haproxy'),
  };
  const http = (part: Exclude<ClusterAddress, 'postgres'>) => `http://${hostOf(part).address}:${ports[part]}`;

  /** How to kill each part started so far, and how to stop it; stop() goes through them backwards. */
  const parts = new Map<ClusterPart, { kill: () => Promise<void>; stop: () => Promise<void>; terminate?: () => Promise<void>; child?: Service['child'] }>();
  /** How to start each engine and search service again after a kill. */
  const restarts = new Map<RestartablePart, () => Promise<void>>();
  /** Processes still starting (and the storefront's build), for a failed start to stop. */
  const starting: Service[] = [];
  const stop = async () => {
    await Promise.all(starting.map((s) => terminate(s.child)));
    for (const part of [...parts.keys()].reverse()) {
      await parts.get(part)!.stop();
      parts.delete(part);
    }
  };
  const track = (part: ClusterPart, service: Service) => {
    parts.set(part, {
      kill: async () => {
        service.child.kill('SIGKILL');
        await service.child;
      },
      stop: () => terminate(service.child),
      terminate: async () => {
        service.child.kill('SIGTERM');
        await service.child;
      },
      child: service.child,
    });
    return service;
  };
  const trackEngine = (part: ClusterPart, meili: RunningMeili) => {
    parts.set(part, {
      kill: async () => {
        if (meili.pid !== undefined) process.kill(meili.pid, 'SIGKILL');
        await meili.exited;
      },
      stop: () => meili.stop(),
    });
    return meili;
  };
  /** Starts a service and waits for `url` to answer 2xx; a service that ends meanwhile fails the start. */
  const serve = async (part: ClusterPart, start: () => Service, url: string, timeoutMs: number) => {
    const service = start();
    starting.push(service);
    await waitForHttp(service, url, timeoutMs);
    starting.splice(starting.indexOf(service), 1);
    return track(part, service);
  };

  try {
    const pgDir = path.join(dataDir, 'postgres');
    await fsp.mkdir(pgDir, { recursive: true });
    // Run as root, PostgreSQL runs as a user of its own (data/src/embedded-postgres.ts), which must
    // reach its folder inside this one (a temporary folder is private to its maker).
    if (process.getuid?.() === 0) await fsp.chmod(dataDir, 0o755);
    const postgresUrl = network
      ? await startPostgresHost(pgDir, hostOf('postgres'), ports.postgres, network.cidr, (service) => track('postgres', service), starting)
      : await startPostgresHere(pgDir, ports.postgres, parts);
    const databaseUrl = await ensurePostgresDatabase(postgresUrl, DATABASE);
    const proxyAddress = hostOf('haproxy').address;
    // Every service trusts HAProxy's X-Forwarded-For, for the rate limits.
    const serviceEnv = { ...env, DATABASE_URL: databaseUrl, SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SEARCH_TRUSTED_PROXIES: proxyAddress };
    const shopDatabaseUrl = options.storefrontDatabase ? withHost(databaseUrl, options.storefrontDatabase) : databaseUrl;
    const shopEnv = {
      ...storefrontEnv({ ...serviceEnv, DATABASE_URL: shopDatabaseUrl }, { siteUrl: `${http('front-proxy')}/`, searchServiceUrl: http('search-proxy'), indexerUrl: http('indexer-1') }),
      TRUSTED_PROXIES: proxyAddress,
    };
    const db = await openDatabase(databaseUrl);
    let meilis: [RunningMeili, RunningMeili];
    let engines: RunningCluster['engines'];
    try {
      await seedDemoData(db, catalogue);
      await Promise.all([buildServer(REPO_ROOT, 'search'), buildServer(REPO_ROOT, 'storefront')]);
      await buildStorefrontIfStale(shopEnv, starting);

      const engine = async (part: 'meili-1' | 'meili-2') => {
        restarts.set(part, async () => void (await engine(part)));
        return trackEngine(part, await startEmbeddedMeili({ dataDir: path.join(dataDir, part), port: ports[part], host: hostOf(part).address, netns: hostOf(part).netns }));
      };
      meilis = [await engine('meili-1'), await engine('meili-2')];
      engines = meilis.map((meili, i) => ({ name: `engine-${i + 1}`, url: meili.url, key: meili.masterKey }));
      const indexerEnv = { ...serviceEnv, SEARCH_ENGINES: JSON.stringify(engines), SITE_URL: `${http('front-proxy')}/` };
      const indexer = (name: 'indexer-1' | 'indexer-2', extra: NodeJS.ProcessEnv) => track(name, startService(
        name, process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/indexer.ts')], { ...indexerEnv, ...extra }, REPO_ROOT, hostOf(name).netns,
      ));
      const indexers = [indexer('indexer-1', { INDEXER_PORT: String(ports['indexer-1']), INDEXER_HOST: hostOf('indexer-1').address }), indexer('indexer-2', {})];
      // The index the indexers build, read as they read it.
      const { SEARCH_INDEX } = getFollowConfig(indexerEnv);
      await indexBuilt(db, SEARCH_INDEX, engines.map((e) => e.name), indexers);
    } finally {
      await db.destroy();
    }

    const search = (part: 'search-1' | 'search-2', meili: RunningMeili) => {
      restarts.set(part, async () => void (await search(part, meili)));
      return serve(part, () => startSearchService(part, meili, listen(part), serviceEnv), `${http(part)}/healthz`, 60_000);
    };
    await Promise.all([search('search-1', meilis[0]), search('search-2', meilis[1])]);
    const address = (part: Replica) => `${hostOf(part).address}:${ports[part]}`;
    const haproxy = await startHaproxy({
      dir: path.join(dataDir, 'haproxy'),
      netns: hostOf('haproxy').netns,
      // On loopback; on a host of its own, on its address on the cluster's private network.
      statsHost: proxyAddress,
      statsPort: ports.haproxy,
      log,
      services: [
        // A search is answered or refused by the search service within its own budget (800 ms for the engine).
        { name: 'search', listen: { host: proxyAddress, port: ports['search-proxy'] }, servers: (['search-1', 'search-2'] as const).map((name) => ({ name, address: address(name) })), healthPath: '/healthz', answerTimeoutMs: 850, checkTimeoutMs: 2_000 },
        // A checkout may wait on the card provider and a serialisable transaction run again.
        // A search through the front door is answered or refused within SPEC §9's budget, even by a storefront too busy to answer in time.
        {
          name: 'front', listen: { host: proxyAddress, port: ports['front-proxy'] }, servers: (['storefront-1', 'storefront-2'] as const).map((name) => ({ name, address: address(name) })), healthPath: '/api/healthz/', answerTimeoutMs: 60_000, checkTimeoutMs: 2_000,
          budget: { pathPrefix: '/api/v2/product/s/', timeoutMs: SEARCH_WAITS_MS.frontProxy },
        },
      ],
    });
    parts.set('haproxy', { kill: async () => void process.kill(haproxy.pid, 'SIGKILL'), stop: haproxy.stop });

    // Each replica keeps the pictures it has resized, and its search records' write-ahead files
    // until they reach PostgreSQL, in folders of its own. A replica is one process: replicas are
    // what the cluster scales by, each seen whole by HAProxy.
    const storefront = (part: 'storefront-1' | 'storefront-2') => {
      restarts.set(part, async () => void (await storefront(part)));
      return serve(part, () => startStorefront(
        part, listen(part), { ...shopEnv, STOREFRONT_WORKERS: '1', MEDIA_CACHE_DIR: path.join(dataDir, `media-${part}`), SEARCH_RECORDS_DIR: path.join(dataDir, `search-records-${part}`) },
      ), `${http(part)}/api/healthz/`, 120_000);
    };
    await Promise.all([storefront('storefront-1'), storefront('storefront-2')]);
    // Every replica in the rotation before the cluster is handed over.
    const deadline = Date.now() + 30_000;
    while ((await haproxy.servers()).some((server) => server.status !== 'UP')) {
      if (Date.now() > deadline) throw new Error(`HAProxy did not see every replica pass its health check within 30 s: ${haproxy.statsUrl}`);
      await sleep(100);
    }

    return {
      url: http('front-proxy'),
      urls: {
        postgres: databaseUrl, 'meili-1': meilis[0].url, 'meili-2': meilis[1].url, 'indexer-1': http('indexer-1'),
        'search-1': http('search-1'), 'search-2': http('search-2'), 'search-proxy': http('search-proxy'),
        'storefront-1': http('storefront-1'), 'storefront-2': http('storefront-2'), 'front-proxy': http('front-proxy'), haproxy: haproxy.statsUrl,
      },
      databaseUrl,
      frontSearches: haproxy.budgeted,
      frontDroppedLogs: haproxy.droppedLogs,
      engines,
      freeze: (part, frozen) => void parts.get(part)?.child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT'),
      kill: async (part) => {
        await parts.get(part)?.kill();
        parts.delete(part);
      },
      terminate: async (part) => {
        await parts.get(part)?.terminate?.();
        parts.delete(part);
      },
      restart: async (part) => {
        if (parts.has(part)) throw new Error(`${part} is running; kill it first.`);
        await restarts.get(part)!();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The demo catalogue `npm start` seeds: CATALOGUE_SEED and CATALOGUE_ARTWORKS. */
function demoCatalogue(env: NodeJS.ProcessEnv): { seed: number; artworks: number } {
  const { CATALOGUE_SEED: seed, CATALOGUE_ARTWORKS: artworks } = getDataConfig(env);
  return { seed, artworks };
}

/**
 * Waits until the leading indexer has built the index on every engine (its state is recorded in
 * the database once the index is swapped in). Without a working indexer it never would be, so
 * one that ends meanwhile fails the start at once.
 */
async function indexBuilt(db: Db, indexUid: string, engines: string[], indexers: Service[]): Promise<void> {
  const deadline = Date.now() + INDEX_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ended = indexers.find((indexer) => hasEnded(indexer.child));
    if (ended) throw new Error(`The ${ended.name} exited during start-up (${describeEnd(await ended.child)}); see its output above.`);
    const states = await Promise.all(engines.map((engine) => getSearchIndexState(db, indexUid, engine)));
    if (states.every(Boolean)) return;
    await sleep(250);
  }
  throw new Error(`The indexers did not build the index "${indexUid}" on ${engines.join(' and ')} within ${INDEX_TIMEOUT_MS / 1000} s; see their output above.`);
}

/** PostgreSQL in this process, on loopback; its server address. */
async function startPostgresHere(dataDir: string, port: number, parts: Map<ClusterPart, { kill: () => Promise<void>; stop: () => Promise<void> }>): Promise<string> {
  const postgres = await startEmbeddedPostgres({ dataDir, port });
  parts.set('postgres', { kill: postgres.stop, stop: postgres.stop });
  return postgres.url;
}

/**
 * PostgreSQL on a host of its own (postgres-host.ts in the host's namespace), for clients on the
 * network `clients`; its server address once it accepts connections.
 */
async function startPostgresHost(
  dataDir: string, host: { address: string; netns?: string }, port: number, clients: string, track: (service: Service) => void, starting: Service[],
): Promise<string> {
  const service = startService('postgres', process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/cluster/postgres-host.ts')], {
    ...process.env, PG_DATA_DIR: dataDir, PG_HOST: host.address, PG_PORT: String(port), PG_CLIENTS: clients,
  }, REPO_ROOT, host.netns);
  starting.push(service);
  const ready = new Promise<void>((resolve) => {
    service.child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('PostgreSQL ready')) resolve();
    });
  });
  const ended = service.child.then((end) => {
    throw new Error(`PostgreSQL's host process exited during start-up (${describeEnd(end)}); see its output above.`);
  });
  await Promise.race([ready, ended]);
  ended.catch(() => {});
  starting.splice(starting.indexOf(service), 1);
  track(service);
  const password = await fsp.readFile(path.join(dataDir, 'easel-password'), 'utf8');
  return `postgres://postgres:${password}@${host.address}:${port}/postgres`;
}

/** `url` with its host and port replaced by `hostPort`. */
function withHost(url: string, hostPort: string): string {
  const parsed = new URL(url);
  parsed.host = hostPort;
  return parsed.toString();
}
