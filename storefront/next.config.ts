import type { NextConfig } from 'next';
import { REPO_ROOT } from '@easel/data/config';
import { getConfig } from './lib/config';

const { SEARCH_SERVICE_URL } = getConfig();

const nextConfig: NextConfig = {
  trailingSlash: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@easel/data', '@easel/search-service'],
  // The app imports from sibling workspaces, so the monorepo root is the project root.
  turbopack: { root: REPO_ROOT },
  outputFileTracingRoot: REPO_ROOT,
  async rewrites() {
    // The browser talks to the search service through the storefront's own origin.
    // With trailingSlash, sources and destinations carry the trailing slash.
    return [
      { source: '/api/v2/product/s/', destination: `${SEARCH_SERVICE_URL}/api/v2/product/s/` },
      { source: '/api/v2/product/s/:path+/', destination: `${SEARCH_SERVICE_URL}/api/v2/product/s/:path+/` },
    ];
  },
};

export default nextConfig;
