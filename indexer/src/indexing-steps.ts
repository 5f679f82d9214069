import type { Batch, Meilisearch } from 'meilisearch';

/**
 * Where the engine spent its indexing, from the progress trace Meilisearch keeps for each batch
 * (GET /batches): each step under "processing tasks > indexing" summed over the batches, in
 * seconds, largest first: { 'extracting facets': 82.6, 'extracting words': 23.0, … }.
 */
export async function indexingSteps(meili: Meilisearch, batchUids: number[]): Promise<Record<string, number>> {
  if (batchUids.length === 0) return {};
  const { results } = await meili.batches.getBatches({ batchUids, limit: batchUids.length });
  return sumIndexingSteps(results);
}

const STEP = /^processing tasks > indexing > ([^>]+)$/;

/** The batches' traces -> each indexing step's seconds over them all, as indexingSteps answers. */
export function sumIndexingSteps(batches: Pick<Batch, 'stats'>[]): Record<string, number> {
  const ms: Record<string, number> = {};
  for (const batch of batches) {
    for (const [key, value] of Object.entries(batch.stats.progressTrace ?? {})) {
      const step = STEP.exec(key)?.[1];
      if (step && typeof value === 'string') ms[step] = (ms[step] ?? 0) + traceMs(value);
    }
  }
  return Object.fromEntries(Object.entries(ms).sort((a, b) => b[1] - a[1]).map(([step, t]) => [step, Math.round(t / 100) / 10]));
}

/** The largest steps in words: 'extracting facets 82.6 s, extracting words 23.0 s, extracting documents 11.4 s'; 'none recorded' without any. */
export function describeSteps(steps: Record<string, number>, largest = 3): string {
  return Object.entries(steps).slice(0, largest).map(([step, s]) => `${step} ${s.toFixed(1)} s`).join(', ') || 'none recorded';
}

const UNIT_MS: Record<string, number> = { s: 1000, ms: 1, µs: 1e-3, ns: 1e-6 };

/** A duration as the trace writes it -> milliseconds: '1.5s' -> 1500, '230.1ms' -> 230.1, '12µs' -> 0.012; anything else 0. */
export function traceMs(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|ms|µs|ns)$/.exec(text);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : 0;
}
