import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGalleryParams, toQueryString } from '../src/contract';
import { gatherParams } from '../src/query-string';
import { MIX_SIZE, QUERY_MIX_FILE, buildQueryMix, formatQueryMix, queryMixSchema } from '../bench/query-mix';

const mix = queryMixSchema.parse(JSON.parse(fs.readFileSync(QUERY_MIX_FILE, 'utf8')));
const total = mix.queries.reduce((sum, q) => sum + q.weight, 0);
const share = (weights: number[]) => weights.reduce((a, b) => a + b, 0) / total;

describe('k6/query-mix.json', () => {
  it('is what the generator writes (rerun search-service/bench/generate-query-mix.ts after changing it)', () => {
    expect(fs.readFileSync(QUERY_MIX_FILE, 'utf8')).toBe(formatQueryMix(buildQueryMix()));
  });

  it('holds 10,000 distinct, valid, canonical gallery definitions', () => {
    expect(mix.queries.length).toBe(MIX_SIZE);
    expect(MIX_SIZE).toBeGreaterThanOrEqual(10_000);
    expect(new Set(mix.queries.map((q) => `${q.endpoint}?${q.query}`)).size).toBe(mix.queries.length);
    for (const { query } of mix.queries) {
      const gathered = gatherParams(query);
      const parsed = gathered.ok ? parseGalleryParams(gathered.params) : undefined;
      expect(parsed?.ok && toQueryString(parsed.definition), query).toBe(query);
    }
  });

  it('is hot at the head and long in the tail, most asked first', () => {
    const weights = mix.queries.map((q) => q.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(mix.queries.slice(0, 2).map((q) => q.query)).toEqual(['', 'product_category=painting']);
    // Zipf: the ten hottest are a sixth of the traffic, and definitions asked once a cycle over half.
    expect(share(weights.slice(0, 10))).toBeGreaterThan(0.15);
    expect(share(weights.filter((w) => w === 1))).toBeGreaterThan(0.5);
    expect(new Set(mix.queries.map((q) => q.endpoint))).toEqual(new Set(['search', 'count', 'prices']));
  });
});
