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
