import type { NextConfig } from 'next';
import { REPO_ROOT } from '@easel/shared/env';
import { IMAGE_WIDTHS } from '@easel/shared/media';
import { MAX_UPLOAD_BYTES } from './lib/listing/limits';
import {
  API_CONTENT_SECURITY_POLICY, BASELINE_SECURITY_HEADERS, LOCAL_HOSTNAME_PATTERN, STRICT_TRANSPORT_SECURITY,
} from '@easel/search-service/security-headers';

const headerList = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

const nextConfig: NextConfig = {
  trailingSlash: true,
  poweredByHeader: false,
  // server.ts compresses what Next.js answers, with Brotli for browsers that take it.
  compress: false,
  reactStrictMode: true,
  // Workspace packages ship TypeScript source.
  transpilePackages: ['@easel/data', '@easel/indexer', '@easel/search-service', '@easel/shared'],
  // The app imports from sibling workspaces, so the monorepo root is the project root.
  turbopack: {
    root: REPO_ROOT,
    // InstantSearch's history router imports qs for addresses the gallery writes and reads itself.
    resolveAlias: { qs: { browser: './lib/gallery/unused-qs.ts' } },
  },
  outputFileTracingRoot: REPO_ROOT,
  // `npm run typecheck` checks the storefront's types with every other part's (`npm test` runs it
  // first); a build does not check them a second time.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // The proxy reads at most this much of a body (10 MB by default, cutting a photo short): one
    // byte past a photo upload's limit, so the route sees an oversized body whole enough to answer 413.
    proxyClientMaxBodySize: MAX_UPLOAD_BYTES + 1,
    // The site's stylesheet (about 25 kB, 6 kB gzipped) is written into each page's <head>
    // instead of linked: a first view paints without waiting for it (docs/PERFORMANCE.md, "The
    // browser's side"). The cost is those bytes in every page and about a millisecond of
    // processor time a render.
    inlineCss: true,
  },
  /**
   * next/image asks the media route for its pictures directly (lib/image-loader.ts), at the
   * widths the route renders: the srcset offers exactly those, 320 to 2000 px.
   */
  images: {
    loaderFile: './lib/image-loader.ts',
    deviceSizes: [...IMAGE_WIDTHS],
    imageSizes: [],
  },
  /**
   * Browsers ask for /favicon.ico whatever icon the page names (Chromium does for a new window
   * before it reads the page): the site's one icon is app/icon.svg.
   */
  async redirects() {
    return [{ source: '/favicon.ico', destination: '/icon.svg', permanent: true }];
  },
  /**
   * The security headers every answer carries (docs/SECURITY.md, "Headers"). HSTS goes to every
   * host but a local one. The Content-Security-Policy of pages and JSON is the proxy's
   * (proxy.ts); build assets and pictures, which the proxy does not see, get the one that allows
   * nothing.
   */
  async headers() {
    return [
      { source: '/:path*', headers: headerList(BASELINE_SECURITY_HEADERS) },
      {
        source: '/:path*',
        missing: [{ type: 'host', value: LOCAL_HOSTNAME_PATTERN }],
        headers: headerList({ 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }),
      },
      ...['/_next/:path*', '/media/:path*', '/favicon.ico'].map((source) => ({
        source, headers: headerList({ 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY }),
      })),
    ];
  },
};

export default nextConfig;
