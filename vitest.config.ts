import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{data,indexer,search-service}/{src,test}/**/*.test.ts',
      'storefront/{app,components,lib,test}/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/.next/**'],
    // One Meilisearch for the whole run; tests reach it with inject('meili').
    globalSetup: ['indexer/test/meili-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
