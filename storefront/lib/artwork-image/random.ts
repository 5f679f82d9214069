import { mulberry32 } from '@easel/shared/random';

// Seeded randomness: one spec always draws the same picture.

/** FNV-1a over a string, to fold the category into the seed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }
  int(min: number, max: number): number {
    return Math.floor(this.float(min, max + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** Roughly normal around 0, within [-1, 1]. */
  centred(): number {
    return (this.next() + this.next() + this.next()) / 1.5 - 1;
  }
  /** A 31-bit integer, to seed feTurbulence or a child stream. */
  seed(): number {
    return Math.floor(this.next() * 2147483647);
  }
}
