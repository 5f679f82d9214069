import { defineConfig } from 'vitest/config';

const shared = {
  exclude: ['**/node_modules/**', '**/.next/**'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // A file per core (vitest leaves one free by default): most integration tests wait on an
  // engine, a database or a process they started, not on the processor.
  maxWorkers: '100%',
};

export default defineConfig({
  test: {
    projects: [
      {
        // The storefront's tsconfig leaves JSX to Next.js; component tests need it compiled.
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          ...shared,
          name: 'unit',
          include: [
            '{shared,data,indexer,search-service}/{src,test}/**/*.test.ts',
            'storefront/{app,components,lib}/**/*.test.{ts,tsx}',
            'storefront/test/fuzz/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // The cluster's tests run in a project of their own, after every other.
          exclude: [...shared.exclude, 'scripts/cluster/cluster.test.ts', 'scripts/cluster/faults.test.ts'],
          // One Meilisearch for the whole run; tests reach it with inject('meili').
          globalSetup: ['indexer/test/meili-global-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'postgres',
          // The data, indexer and storefront integration tests again, each on a database of its
          // own on one PostgreSQL (the engine's own process tests need no database).
          include: ['data/{src,test}/**/*.test.ts', 'indexer/test/**/*.test.ts', 'storefront/lib/**/*.test.ts'],
          exclude: [...shared.exclude, 'indexer/test/meili-*.test.ts'],
          globalSetup: ['data/test/postgres-global-setup.ts', 'indexer/test/meili-global-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['storefront/test/browser/**/*.test.ts'],
          // The whole product, started the way `npm start` starts it: one for each worker.
          globalSetup: ['storefront/test/browser/product-global-setup.ts'],
          // Two files at a time, each on its worker's own product and Chromium: a page the test
          // waits on leaves most of the processor idle. After the unit and postgres projects.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // A page the test waits on may take a server render or a search on a busy machine; a
          // wait is not a timing check, so it gives them time before calling a change missing.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          ...shared,
          name: 'cluster',
          // The local cluster starts a PostgreSQL, two of everything and HAProxy, and builds what
          // is stale: alone, after every other project; then the fault suite, on hosts of their own.
          include: ['scripts/cluster/cluster.test.ts', 'scripts/cluster/faults.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
