import type { ArtworkImageSpec } from '@easel/shared/media';

/** Pixel height of an artwork picture rendered at `width`: round(width * 1000 / aspectMilli). */
export function artworkImageHeight(spec: Pick<ArtworkImageSpec, 'aspectMilli'>, width: number): number {
  return Math.max(1, Math.round((width * 1000) / spec.aspectMilli));
}
