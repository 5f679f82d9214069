import type { NextConfig } from 'next';
import { REPO_ROOT } from '@easel/data/config';

const nextConfig: NextConfig = {
  trailingSlash: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@easel/data', '@easel/indexer', '@easel/search-service'],
  // The app imports from sibling workspaces, so the monorepo root is the project root.
  turbopack: {
    root: REPO_ROOT,
    // The search client's packages name UMD bundles as their browser builds (five times the
    // size, polyfills included); their ES modules serve every browser the site supports.
    resolveAlias: {
      '@meilisearch/instant-meilisearch': '@meilisearch/instant-meilisearch/dist/instant-meilisearch.esm.js',
      meilisearch: 'meilisearch/dist/bundles/meilisearch.esm.js',
    },
  },
  outputFileTracingRoot: REPO_ROOT,
};

export default nextConfig;
