import sharp from 'sharp';
import type { ArtworkImageSpec } from '@easel/shared/media';
import { artworkImageHeight } from './artwork-image-size';
import { surfaceFor, textureOverlay } from './artwork-image/surface-texture';
import { renderArtworkSvg } from './artwork-image/svg';

/**
 * Draws an artwork picture from its spec alone: category, view (`kind`), seed, palette and shape.
 * Everything is decided by a seeded PRNG, so one spec always gives the same picture, and the
 * `main`, `detail` and `room` views of a spec show the same composition.
 *
 * The composition is drawn in "art units": 1000 wide and 1000 * 1000 / aspectMilli high, then
 * scaled to the requested pixel width, so a picture looks the same at every rendered width.
 */

export const WEBP_QUALITY = 78;

/** The picture rasterised to WebP at exactly `width` x round(width * 1000 / aspectMilli). */
export async function renderArtworkImage(spec: ArtworkImageSpec, width: number): Promise<Buffer> {
  const height = artworkImageHeight(spec, width);
  const svg = renderArtworkSvg(spec, width);
  // Rasterise first, then lay the surface texture over the pixels.
  const raster = await sharp(Buffer.from(svg), { density: 72, limitInputPixels: false }).raw().toBuffer({ resolveWithObject: true });
  if (raster.info.width !== width || raster.info.height !== height) {
    throw new Error(`rendered ${raster.info.width}x${raster.info.height}, expected ${width}x${height}`);
  }
  return sharp(raster.data, { raw: { width, height, channels: raster.info.channels } })
    .composite([{ ...textureOverlay(surfaceFor(spec), width, height), tile: true, blend: 'soft-light' }])
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}
