import { SIZE_BUCKET_LIMITS_CM, type Orientation, type SizeBucket } from './vocabulary';

/** Width within 5% of height is square; twice as wide or more is panoramic. */
export function deriveOrientation(widthCm: number, heightCm: number): Orientation {
  const ratio = widthCm / heightCm;
  if (ratio >= 2) return 'panoramic';
  if (Math.abs(ratio - 1) <= 0.05) return 'square';
  return ratio > 1 ? 'landscape' : 'portrait';
}

/** By the longest side, depth included: 35×50×2 cm -> 'medium'. */
export function deriveSizeBucket(widthCm: number, heightCm: number, depthCm = 0): SizeBucket {
  const longest = Math.max(widthCm, heightCm, depthCm);
  if (longest <= SIZE_BUCKET_LIMITS_CM.small) return 'small';
  if (longest <= SIZE_BUCKET_LIMITS_CM.medium) return 'medium';
  if (longest <= SIZE_BUCKET_LIMITS_CM.large) return 'large';
  return 'oversized';
}

/** A print edition's size label as the slug shoppers and URLs use: 'A3' -> 'a3', '50 x 70 cm' -> '50-x-70-cm'. */
export function printSlug(sizeLabel: string): string {
  return sizeLabel.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
