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

// Every test file outside the browser project; the cluster's tests run in a project of their own,
// after every other.
const TESTS = [
  '{shared,data,indexer,search-service}/{src,test}/**/*.test.ts',
  'storefront/{app,components,lib}/**/*.test.{ts,tsx}',
  'storefront/test/fuzz/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const CLUSTER_TESTS = ['scripts/cluster/cluster.test.ts', 'scripts/cluster/faults.test.ts'];

// The tests that need the run's Meilisearch, a database or a process of their own. Every other
// test is pure and runs in the `unit` project, whose guard fails a test that reaches for one.
const INTEGRATION_TESTS = [
  'data/src/queries/*.test.ts',
  'data/test/**/*.test.ts',
  'indexer/test/**/*.test.ts',
  'search-service/src/rate-limit.test.ts',
  'search-service/src/alert-match.test.ts',
  'search-service/test/{cards,engine-failure,engine-split,hot-cache,levers,listing-search,search,suggestions}.test.ts',
  'search-service/test/fuzz/**/*.test.ts',
  'scripts/{backup,bench-report,processes,recovery,server-builds,start}.test.ts',
  'scripts/cluster/{haproxy,network}.test.ts',
  'storefront/app/api/catalogue-routes.test.ts',
  'storefront/lib/{currency-rates,healthz-api,media,page-exists,process-wide}.test.ts',
  'storefront/lib/{account,alerts,basket,collections,engagement,settings,staff,tracking}/*api.test.ts',
  'storefront/lib/alerts/{matcher,restart}.test.ts',
  'storefront/lib/gallery/search-forward-api.test.ts',
  'storefront/lib/search-analytics/recorder.test.ts',
  'storefront/lib/api/card-contract.test.ts',
  'storefront/lib/catalogue/{artist,artist-cv,category,edit,home,product,recently-viewed,search}-api.test.ts',
  'storefront/lib/catalogue/{cards,product-json-ld,product-page,shared-cache,view-item}.test.ts',
  'storefront/lib/checkout/checkout-{api,crash,money,processes}.test.ts',
  'storefront/lib/listing/{listing-api,photo-pipeline,upload-kill}.test.ts',
  'storefront/lib/settings/request-language.test.ts',
  'storefront/lib/security/{get-changes-nothing,login-redirect,path-encodings,role-matrix}.test.ts',
  'storefront/test/fuzz/{account-staff,catalogue,listing,shopper}.fuzz.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        // The storefront's tsconfig leaves JSX to Next.js; component tests need it compiled.
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          ...shared,
          name: 'unit',
          include: TESTS,
          exclude: [...shared.exclude, ...CLUSTER_TESTS, ...INTEGRATION_TESTS],
          // Pure: no global setup, and a test here that opens a database or starts a process
          // fails at once, naming the project it belongs in (`npm run test:unit`).
          setupFiles: ['scripts/pure-test-guard.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: INTEGRATION_TESTS,
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
          // On CI's two shared cores a search can outrun its 1000 ms budget while two products and
          // two Chromiums work at once: a failed browser test runs once more there, and the
          // reporter marks one that passed so "(retry x1)". Twice failed fails the run.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          ...shared,
          name: 'cluster',
          // The local cluster starts a PostgreSQL, two of everything and HAProxy, and builds what
          // is stale: alone, after every other project; then the fault suite, on hosts of their own.
          include: CLUSTER_TESTS,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
