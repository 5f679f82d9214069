/**
 * `npx tsx search-service/bench/generate-query-mix.ts`: writes k6/query-mix.json from
 * `buildQueryMix()` (see query-mix.ts). Deterministic: rerun it after changing the generator or
 * the vocabulary, and commit the file; a test fails while the two disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { QUERY_MIX_FILE, buildQueryMix, formatQueryMix } from './query-mix';

const mix = buildQueryMix();
fs.writeFileSync(QUERY_MIX_FILE, formatQueryMix(mix));
const total = mix.queries.reduce((sum, q) => sum + q.weight, 0);
console.log(`Wrote ${mix.queries.length} queries (a cycle of ${total} requests) to ${path.relative(process.cwd(), QUERY_MIX_FILE)}`);
