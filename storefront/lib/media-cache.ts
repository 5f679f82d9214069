import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { artworkImageUrl, type ArtworkImageSpec } from '@easel/shared/media';
import { renderArtworkImage } from './artwork-image';

/**
 * Rendered artwork pictures, cached on disk by their canonical URL so each one is drawn once,
 * within a cap on the bytes kept: past it, the least recently served pictures are deleted.
 * A picture is written to a temporary file and renamed into place, so a reader never sees a
 * half-written file; renders of the same picture running at once are shared. The cache counts
 * what is on disk when it opens (oldest written first), what it writes after and what it finds
 * another process on the same folder wrote, so processes that share a folder (the storefront's
 * workers) draw a picture once between them; each keeps the cap over what it counts.
 */

/** Where a picture is cached: `<dir>/<category>/<kind>/<seed>/<palette>/<aspect>/<width>.webp`. */
export function cachedImagePath(dir: string, spec: ArtworkImageSpec, width: number): string {
  const url = artworkImageUrl(spec, width); // '/media/art/…/640.webp', built from validated parts
  return path.join(dir, ...url.split('/').slice(3));
}

export type RenderFn = (spec: ArtworkImageSpec, width: number) => Promise<Buffer>;

/** Deletes an evicted picture's file; a request does not wait for it. */
export type RemoveFn = (file: string) => Promise<void>;

const removeFile: RemoveFn = (file) => rm(file, { force: true });

export interface MediaCache {
  /** The picture's WebP bytes: from the cache when present, else rendered and stored. */
  get(spec: ArtworkImageSpec, width: number): Promise<Buffer>;
}

export function createMediaCache({ dir, maxBytes, render = renderArtworkImage, remove = removeFile }: { dir: string; maxBytes: number; render?: RenderFn; remove?: RemoveFn }): MediaCache {
  // File -> its size; an eviction deletes the file. A picture larger than the whole cap is served but not kept.
  const files = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes),
    dispose: (_bytes, file, reason) => {
      if (reason === 'evict') void remove(file);
    },
  });
  const inFlight = new Map<string, Promise<Buffer>>();
  const opened = countExisting(dir, files);

  async function renderAndStore(file: string, spec: ArtworkImageSpec, width: number): Promise<Buffer> {
    const image = await render(spec, width);
    if (image.byteLength > maxBytes) return image;
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(tmp, image);
      await rename(tmp, file);
      files.set(file, image.byteLength);
    } catch (error) {
      // A cache that cannot be written must not stop the picture being served.
      await rm(tmp, { force: true }).catch(() => undefined);
      console.warn(`media cache: could not store ${file}:`, (error as Error).message);
    }
    return image;
  }

  return {
    async get(spec, width) {
      await opened;
      const file = cachedImagePath(dir, spec, width);
      // On disk: stored by this process, or by another on the same folder (another of the
      // storefront's workers) since this one opened it, which it now counts too.
      const stored = await readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (stored) {
        files.set(file, stored.byteLength);
        return stored;
      }
      files.delete(file); // removed behind the cache's back, if it was counted: draw it again
      let pending = inFlight.get(file);
      if (!pending) {
        pending = renderAndStore(file, spec, width).finally(() => inFlight.delete(file));
        inFlight.set(file, pending);
      }
      return pending;
    },
  };
}

/** Counts the pictures already on disk, oldest written first, so the oldest go first when over the cap; clears stray temporary files. */
async function countExisting(dir: string, files: LRUCache<string, number>): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const found = await Promise.all(entries.filter((e) => e.isFile()).map(async (e) => {
    const file = path.join(e.parentPath, e.name);
    if (file.endsWith('.tmp')) {
      await rm(file, { force: true });
      return undefined;
    }
    const { size, mtimeMs } = await stat(file).catch(() => ({ size: 0, mtimeMs: 0 }));
    return { file, size, mtimeMs };
  }));
  for (const entry of found.filter((f) => f !== undefined).sort((a, b) => a.mtimeMs - b.mtimeMs)) {
    if (entry.size > files.maxSize) await rm(entry.file, { force: true });
    else files.set(entry.file, entry.size);
  }
}
