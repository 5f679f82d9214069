import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The JavaScript a page loads before all of it can hydrate: each file with its gzipped size. */
export interface PageJs {
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

/** A build chunk's address, as a page's HTML names it in a script tag, a preload or its RSC payload. */
const CHUNK = /\/_next\/static\/chunks\/[\w.-]+\.js/g;
/** The legacy browsers' polyfills, which a modern browser skips (`<script nomodule>`). */
const NOMODULE = /<script\b[^>]*\bnomodule\b[^>]*>/gi;

/**
 * The JavaScript a page's HTML has the browser load: the framework's and the layout's chunks,
 * the page's own, and the chunks its `next/dynamic` parts need to hydrate, which the RSC
 * payload names and the page preloads. Not the polyfills a modern browser skips, nor what a
 * later interaction imports. Each file is read from the build in `storefrontDir`/.next that
 * served the page, and gzipped as the server sends it (zlib's default level).
 */
export async function pageJs(storefrontDir: string, pageUrl: string): Promise<PageJs> {
  const answer = await fetch(pageUrl);
  if (!answer.ok) throw new Error(`${pageUrl} answered ${answer.status}.`);
  const html = await answer.text();
  const skipped = new Set((html.match(NOMODULE) ?? []).flatMap((tag) => tag.match(CHUNK) ?? []));
  const chunks = [...new Set(html.match(CHUNK) ?? [])].filter((chunk) => !skipped.has(chunk));
  const files = chunks.map((chunk) => {
    const source = fs.readFileSync(path.join(storefrontDir, '.next', chunk.slice('/_next/'.length)));
    return { file: chunk, bytes: source.length, gzipBytes: zlib.gzipSync(source).length };
  });
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/** Bytes as kB (1,000 bytes), one decimal: 183456 -> '183.5 kB'. */
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
