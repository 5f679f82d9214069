import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { artworkImageUrl, type ArtworkImageSpec } from '@easel/data/media';
import { renderArtworkImage } from './artwork-image';

/**
 * Rendered artwork pictures, cached on disk by their canonical URL so each one is drawn once.
 * A picture is written to a temporary file and renamed into place, so a reader never sees a
 * half-written file; renders of the same picture running at once in this process are shared.
 */

const inFlight = new Map<string, Promise<Buffer>>();

/** Where a picture is cached: `<dir>/<category>/<kind>/<seed>/<palette>/<aspect>/<width>.webp`. */
export function cachedImagePath(dir: string, spec: ArtworkImageSpec, width: number): string {
  const url = artworkImageUrl(spec, width); // '/media/art/…/640.webp', built from validated parts
  return path.join(dir, ...url.split('/').slice(3));
}

export type RenderFn = (spec: ArtworkImageSpec, width: number) => Promise<Buffer>;

/** The picture's WebP bytes: from the cache when present, else rendered and stored. */
export async function getArtworkImage(
  dir: string,
  spec: ArtworkImageSpec,
  width: number,
  render: RenderFn = renderArtworkImage,
): Promise<Buffer> {
  const file = cachedImagePath(dir, spec, width);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let pending = inFlight.get(file);
  if (!pending) {
    pending = renderAndStore(file, spec, width, render).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

async function renderAndStore(file: string, spec: ArtworkImageSpec, width: number, render: RenderFn): Promise<Buffer> {
  const image = await render(spec, width);
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(tmp, image);
    await rename(tmp, file);
  } catch (error) {
    // A cache that cannot be written must not stop the picture being served.
    await rm(tmp, { force: true }).catch(() => undefined);
    console.warn(`media cache: could not store ${file}:`, (error as Error).message);
  }
  return image;
}
