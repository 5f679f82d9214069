import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The gallery's route in the storefront's build. */
export const GALLERY_ROUTE = '/shop/[[...path]]';

/** A route's first-load JavaScript: each file the page's HTML loads, with its gzipped size. */
export interface FirstLoadJs {
  route: string;
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

interface RouteBundleStats {
  route: string;
  firstLoadChunkPaths: string[];
}

/**
 * The JavaScript a route's page loads before it is interactive, as `next build` lists it
 * (.next/diagnostics/route-bundle-stats.json: the framework, the root layout's and the page's
 * chunks), each gzipped as the server sends it (zlib's default level). Chunks a page fetches
 * through `next/dynamic` are not in the list. Reads the build in `storefrontDir`/.next.
 */
export function firstLoadJs(storefrontDir: string, route: string): FirstLoadJs {
  const statsFile = path.join(storefrontDir, '.next', 'diagnostics', 'route-bundle-stats.json');
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as RouteBundleStats[];
  const entry = stats.find((s) => s.route === route);
  if (!entry) throw new Error(`The build in ${storefrontDir} has no route ${route} (${statsFile}).`);
  const files = entry.firstLoadChunkPaths.filter((p) => p.endsWith('.js')).map((file) => {
    const source = fs.readFileSync(path.join(storefrontDir, file));
    return { file, bytes: source.length, gzipBytes: zlib.gzipSync(source).length };
  });
  return { route, files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/** Bytes as kB (1,000 bytes), one decimal: 183456 -> '183.5 kB'. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
