import { describe, expect, it } from 'vitest';
import { deriveOrientation, deriveSizeBucket } from './derive';

describe('deriveOrientation', () => {
  it.each([
    [40, 60, 'portrait'],
    [60, 40, 'landscape'],
    [50, 50, 'square'],
    [51, 50, 'square'],
    [50, 52, 'square'],
    [50, 53, 'portrait'],
    [50, 56, 'portrait'],
    [100, 50, 'panoramic'],
    [150, 40, 'panoramic'],
  ] as const)('%s × %s cm is %s', (w, h, expected) => {
    expect(deriveOrientation(w, h)).toBe(expected);
  });
});

describe('deriveSizeBucket', () => {
  it.each([
    [30, 40, 0, 'small'],
    [30, 40.5, 0, 'medium'],
    [80, 60, 2, 'medium'],
    [81, 60, 2, 'large'],
    [130, 100, 0, 'large'],
    [20, 20, 131, 'oversized'],
    [200, 150, 4, 'oversized'],
  ] as const)('%s × %s × %s cm is %s', (w, h, d, expected) => {
    expect(deriveSizeBucket(w, h, d)).toBe(expected);
  });
});
