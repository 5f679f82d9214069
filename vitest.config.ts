import { defineConfig } from 'vitest/config';

const shared = {
  exclude: ['**/node_modules/**', '**/.next/**'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
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
          // The cluster's tests run in the browser project, after the storefront's build.
          exclude: [...shared.exclude, 'scripts/cluster/cluster.test.ts'],
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
          // And the local cluster's tests (scripts/cluster/cluster.test.ts), which start a cluster of
          // their own: one file at a time after the storefront's build, never beside other product tests.
          include: ['storefront/test/browser/**/*.test.ts', 'scripts/cluster/cluster.test.ts'],
          // The whole product, started the way `npm start` starts it.
          globalSetup: ['storefront/test/browser/product-global-setup.ts'],
          // One Chromium at a time: the machine has two cores and the product runs beside it.
          fileParallelism: false,
          // A page the test waits on may take a server render or a search on a busy machine; a
          // wait is not a timing check, so it gives them time before calling a change missing.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
