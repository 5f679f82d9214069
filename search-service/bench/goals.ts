/**
 * The search goals both benches judge a run against (`npm run bench` for each catalogue size,
 * `bench:search` for its own or the one it is told), for the cache-less service at the fixed rate
 * and flat out: the `search` p95 is 30 ms up to 100,000 works and 50 ms at a million.
 */
export function searchGoals(artworks: number) {
  return {
    search_p95_ms: artworks > 100_000 ? 50 : 30,
    search_p99_ms: 80,
    count_p95_ms: 20,
    prices_p95_ms: 30,
    p50_overhead_max: 0.1,
    throughput_ratio_min: 0.9,
  };
}
