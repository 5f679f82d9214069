/**
 * mulberry32: a tiny, fast, seeded 32-bit generator of floats in [0, 1). Everything the project
 * draws "at random" (artwork pictures, the benchmark's query mix) draws from it, so the same
 * seed gives the same result on every machine: 42 -> 0.6011…, 0.4482…, …
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
