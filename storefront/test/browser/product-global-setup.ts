import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '@easel/shared/env';
import { getFreePort, terminate } from '@easel/shared/process';
import { startService, waitForHttp, type Service } from '../../../scripts/processes';
import { startStorefront } from '../../../scripts/product';

/** One product's addresses and files. */
export interface ProductUnderTest {
  /** The whole product as `npm start` runs it, on free ports with its own data. */
  storefrontUrl: string;
  searchUrl: string;
  /** A second storefront on the same search service whose server never waits for search. */
  shellStorefrontUrl: string;
  /** The product's SQLite file, for tests that read what the catalogue holds or sign a shopper in by writing a session. */
  databaseFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per worker of the browser project, in worker order (worker-product.ts picks a file's). */
    products: ProductUnderTest[];
  }
}

/** Small enough to seed and index in seconds, large enough for several pages per filter. */
const ARTWORKS = 1500;

/**
 * Starts the product for the browser tests exactly as a shopper's machine would: `npm start`
 * (scripts/start.ts) with a temporary database and Meilisearch folder on free ports, building
 * the storefront when its sources changed. Then a second storefront of the same build, started
 * as `npm start` starts it, whose server-side search budget is 0 ms, for the path where the
 * browser has to search.
 *
 * One such product for each of the project's workers, so the test files that run side by side
 * never share a catalogue, a basket or a session: most of a browser test's time is spent
 * waiting on a page, not working.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  // One picture folder for every product: their catalogues are seeded alike, so a picture one
  // has drawn the others serve (media-cache.ts), as a storefront's workers do.
  const mediaDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-browser-media-'));
  const stop = async () => {
    await Promise.all(stops.map((s) => s()));
    await fsp.rm(mediaDir, { recursive: true, force: true });
  };
  try {
    const products: ProductUnderTest[] = [];
    // One after another: the first builds the storefront when it is stale, the others reuse it.
    for (let i = 0; i < project.config.maxWorkers; i++) products.push(await startProduct(`product-${i + 1}`, mediaDir, stops));
    project.provide('products', products);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** One product and its shell storefront; `stops` gets what stops them and removes their data. */
async function startProduct(name: string, mediaDir: string, stops: (() => Promise<void>)[]): Promise<ProductUnderTest> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'easel-browser-'));
  const services: Service[] = [];
  stops.push(async () => {
    await Promise.all(services.map((s) => terminate(s.child)));
    await fsp.rm(dataDir, { recursive: true, force: true });
  });
  const [storefrontPort, searchPort, meiliPort, indexerPort, shellPort] = await Promise.all([getFreePort(), getFreePort(), getFreePort(), getFreePort(), getFreePort()]);
  // Always the bundled Meilisearch with its own folder: never someone's external engine.
  const { MEILI_URL: _url, MEILI_MASTER_KEY: _key, ...inherited } = process.env;
  const env = {
    ...inherited,
    DATABASE_FILE: path.join(dataDir, 'easel.db'),
    MEILI_DATA_DIR: path.join(dataDir, 'meili'),
    MEILI_PORT: String(meiliPort),
    SEARCH_PORT: String(searchPort),
    STOREFRONT_PORT: String(storefrontPort),
    INDEXER_PORT: String(indexerPort),
    CATALOGUE_ARTWORKS: String(ARTWORKS),
    MEDIA_CACHE_DIR: mediaDir,
    // The server renders whatever a busy test machine takes: the tests check what it renders,
    // not how fast. The second storefront below leaves everything to the browser instead.
    SSR_BUDGET_MS: '5000',
    // One process: the tests of what a process keeps (the page cache's second ask) know which
    // process answers. Workers are tested on their own (workers.test.ts).
    STOREFRONT_WORKERS: '1',
    // Every test comes from this machine's one address, many times faster than a shopper; the
    // limits themselves are tested in-process (docs/SECURITY.md, "Rate limits").
    RATE_LIMIT_SEARCH_PER_MINUTE: '0',
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
    RATE_LIMIT_JOIN_PER_MINUTE: '0',
    RATE_LIMIT_CHECKOUT_PER_MINUTE: '0',
    RATE_LIMIT_LISTING_PER_MINUTE: '0',
    RATE_LIMIT_MEDIA_PER_MINUTE: '0',
  };
  const product = startService(name, process.execPath, ['--import', 'tsx', 'scripts/start.ts'], env, REPO_ROOT);
  services.push(product);
  const storefrontUrl = `http://127.0.0.1:${storefrontPort}`;
  // A first build on a 2-core machine takes a few minutes.
  await waitForHttp(product, `${storefrontUrl}/`, 600_000);

  const searchUrl = `http://127.0.0.1:${searchPort}`;
  const shell = startStorefront(`${name}-shell`, { host: '127.0.0.1', port: shellPort }, { ...env, SEARCH_SERVICE_URL: searchUrl, SSR_BUDGET_MS: '0' });
  services.push(shell);
  const shellStorefrontUrl = `http://127.0.0.1:${shellPort}`;
  await waitForHttp(shell, `${shellStorefrontUrl}/`, 60_000);
  return { storefrontUrl, searchUrl, shellStorefrontUrl, databaseFile: env.DATABASE_FILE };
}
