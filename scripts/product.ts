import path from 'node:path';
import { countArtworks, inTransaction, seedCatalogue, seedCuration, seedDemoAccounts, seedPromoCodes, type Db } from '@easel/data';
import { REPO_ROOT } from '@easel/shared/env';
import type { MeiliConnection } from '@easel/indexer';
import { completion, startService, type Service } from './processes';
import { serverArgs } from './server-builds';
import { precompressBuildAssets, recordStorefrontBuild, storefrontBuildIsStale } from './storefront-build';

/**
 * The steps and processes that `npm start` (scripts/start.ts) and the local cluster
 * (scripts/cluster/cluster.ts) share, so both seed, build and start the product the same way.
 */

/**
 * Seeds the demo catalogue into an empty database. A database seeded before curation, promo
 * codes or demo accounts existed gets them now; what is there already (seeded or edited by
 * staff) is left alone.
 */
export async function seedDemoData(db: Db, catalogue: { seed: number; artworks: number }): Promise<void> {
  if ((await countArtworks(db)) === 0) {
    console.log(`Seeding the demo catalogue (${catalogue.artworks} artworks, seed ${catalogue.seed})…`);
    const seeded = await seedCatalogue(db, catalogue);
    console.log(`Seeded ${seeded.artworks} artworks by ${seeded.artists} artists.`);
  }
  await inTransaction(db, async (trx) => {
    await seedCuration(trx);
    await seedPromoCodes(trx);
    // One account per role to try the site with (README.md, "Demo accounts").
    await seedDemoAccounts(trx);
  });
}

/** Where a server listens: `host:port`, in the network namespace `netns` when given. */
export interface Listen {
  host: string;
  port: number;
  netns?: string;
}

/** Starts the compiled search service (buildServer) on `host:port`, searching `meili`. */
export function startSearchService(name: string, meili: MeiliConnection, listen: Listen, env: NodeJS.ProcessEnv = process.env): Service {
  return startService(name, process.execPath, serverArgs(REPO_ROOT, 'search'), {
    ...env,
    MEILI_URL: meili.url,
    MEILI_MASTER_KEY: meili.masterKey,
    SEARCH_HOST: listen.host,
    SEARCH_PORT: String(listen.port),
  }, REPO_ROOT, listen.netns);
}

/**
 * The storefront's environment, for its build and its server: `env` without the engine's address
 * and key (the indexer rebuilds for the staff index page, so the key never reaches the
 * storefront), with the search service and the indexer's admin API. `siteUrl`, the address in
 * mailed links, gives way to a SITE_URL that is set.
 */
export function storefrontEnv(env: NodeJS.ProcessEnv, links: { siteUrl: string; searchServiceUrl: string; indexerUrl: string }): NodeJS.ProcessEnv {
  const { MEILI_URL: _url, MEILI_MASTER_KEY: _key, ...inherited } = env;
  return { SITE_URL: links.siteUrl, ...inherited, SEARCH_SERVICE_URL: links.searchServiceUrl, INDEXER_URL: links.indexerUrl, NEXT_TELEMETRY_DISABLED: '1' };
}

/** The address mailed links begin with, as the storefront reads it from `env` (storefrontEnv): 'http://127.0.0.1:3000/' -> 'http://127.0.0.1:3000'. */
export function siteAddress(env: NodeJS.ProcessEnv): string {
  return (env.SITE_URL ?? '').replace(/\/+$/, '');
}

/**
 * Runs `next build` when the storefront's sources changed since the last build (or there is
 * none), compresses its scripts and stylesheets with Brotli, then records the build. The build
 * is in `services` while it runs, so that stopping everything meanwhile stops it too.
 */
export async function buildStorefrontIfStale(env: NodeJS.ProcessEnv, services: Service[]): Promise<void> {
  if (!storefrontBuildIsStale(REPO_ROOT)) return;
  console.log('Building the storefront (first run or sources changed)…');
  const next = path.join(REPO_ROOT, 'node_modules/next/dist/bin/next');
  const build = startService('build', process.execPath, [next, 'build'], env, path.join(REPO_ROOT, 'storefront'));
  services.push(build);
  await completion(build);
  services.splice(services.indexOf(build), 1);
  await precompressBuildAssets(path.join(REPO_ROOT, 'storefront/.next/static'));
  recordStorefrontBuild(REPO_ROOT);
}

/** Starts the compiled storefront (`next start` plus the client address the rate limits count, storefront/server.ts) on `host:port`. */
export function startStorefront(name: string, listen: Listen, env: NodeJS.ProcessEnv): Service {
  return startService(
    name, process.execPath,
    [...serverArgs(REPO_ROOT, 'storefront'), '-p', String(listen.port), '-H', listen.host],
    { ...env, NODE_ENV: env.NODE_ENV ?? 'production' }, path.join(REPO_ROOT, 'storefront'), listen.netns,
  );
}
