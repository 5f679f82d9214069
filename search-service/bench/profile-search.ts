/**
 * `npm run profile:search -- "photography=colour" [--artworks 100000]`: where one search's time
 * goes, step by step, on the benchmark catalogue (var/bench-search/, built on first use) or on
 * the engine of MEILI_URL + MEILI_MASTER_KEY with --index. Each figure is the median of repeated
 * runs, one at a time, through the service's own engine client:
 * - the service's own steps: query string to definition, plan, the engine's answer parsed, the
 *   cards made whole (card-store.ts), the response built, and encoded with its ETag;
 * - the engine's time for the whole multi-search, for the same split as the service sends it
 *   to an engine with a core to spare, and for each of its queries;
 * - for the main query, its time without facets, what each facet attribute adds to that, and
 *   what the same counts would cost asked for one attribute per group.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { REPO_ROOT } from '@easel/shared/env';
import { toAnswer } from '../src/cache';
import { CardStore } from '../src/card-store';
import { parseGalleryParams } from '../src/contract';
import { createEngine, splitQueries } from '../src/engine';
import { GROUPS, type FilterGroup } from '../src/filters';
import { COUNTED_ATTRIBUTE, FACET_VALUES, buildSearchPlan, type MeiliQuery } from '../src/meili-request';
import { toSearchResponseBody, type MeiliResult } from '../src/meili-response';
import { gatherParams } from '../src/query-string';
import { BENCH_INDEX_UID, prepareCatalogue } from './bench-setup';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    artworks: { type: 'string', default: '100000' },
    index: { type: 'string' },
    runs: { type: 'string', default: '15' },
  },
});
const RUNS = Number(args.runs);
const queryString = positionals[0] ?? '';

const median = async (work: () => unknown): Promise<number> => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[RUNS >> 1]!;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

const external = args.index !== undefined;
const prepared = external ? undefined : await prepareCatalogue(path.join(REPO_ROOT, 'var', 'bench-search'), { artworks: Number(args.artworks), seed: 1 });
const conn = prepared?.meili ?? { url: process.env.MEILI_URL ?? '', masterKey: process.env.MEILI_MASTER_KEY ?? '' };
if (!conn.url || !conn.masterKey) throw new Error('--index needs MEILI_URL and MEILI_MASTER_KEY in the environment.');
const indexUid = args.index ?? BENCH_INDEX_UID;
const engine = createEngine(conn);
try {
  const gathered = gatherParams(queryString);
  if (!gathered.ok) throw new Error(`${gathered.issue.param}: ${gathered.issue.message}`);
  const parsed = parseGalleryParams(gathered.params);
  if (!parsed.ok) throw new Error(`${parsed.issue.param}: ${parsed.issue.message}`);
  const def = parsed.definition;
  const plan = buildSearchPlan(def, indexUid);
  const body = { queries: plan.queries };
  const bytes = await engine.multiSearchRaw(body);
  const text = new TextDecoder().decode(bytes);
  const results = (JSON.parse(text) as { results: MeiliResult[] }).results;
  const matches = results[0]?.totalHits ?? 0;

  console.log(`?${queryString}: ${matches} matches, ${plan.queries.length} engine queries, an answer of ${(bytes.byteLength / 1024).toFixed(1)} KB\n`);
  console.log('The service (CPU, per request):');
  console.log(`  query string -> definition    ${ms(await median(() => {
    const again = gatherParams(queryString);
    if (again.ok) parseGalleryParams(again.params);
  }))}`);
  console.log(`  plan and request body         ${ms(await median(() => JSON.stringify({ queries: buildSearchPlan(def, indexUid).queries })))}`);
  console.log(`  engine answer decoded, parsed ${ms(await median(() => JSON.parse(new TextDecoder().decode(bytes))))}`);
  const cards = new CardStore(engine, indexUid, 1000);
  const started = performance.now();
  const whole = await cards.complete(results, plan.cards);
  console.log(`  cards fetched, a cold store   ${ms(performance.now() - started)} (engine included)`);
  console.log(`  cards from a warm store       ${ms(await median(() => cards.complete(results, plan.cards)))}`);
  console.log(`  response written as JSON      ${ms(await median(() => toSearchResponseBody(def, plan, whole, cards.cardJson)))}`);
  const written = toSearchResponseBody(def, plan, whole, cards.cardJson);
  console.log(`  encoded with its ETag         ${ms(await median(() => toAnswer(written)))}`);

  console.log('\nThe engine (wall time through the connection pool):');
  console.log(`  the whole multi-search        ${ms(await median(() => engine.multiSearchRaw(body)))}`);
  // As the service sends it while the engine has a core to spare (engine.ts, splitQueries).
  const { requests } = splitQueries(plan.queries, 0, 2);
  console.log(`  ${`the same, ${requests.length} requests at once`.padEnd(30)}${ms(await median(() => Promise.all(requests.map((queries) => engine.multiSearchRaw({ queries })))))}`);
  for (const [i, query] of plan.queries.entries()) {
    const label =
      i === 0 ? 'main query (hits and facets)'
      : i === plan.priceBounds?.cheapest ? 'the cheapest work (bounds)'
      : i === plan.priceBounds?.dearest ? 'the dearest work (bounds)'
      : i === plan.boost?.boosted ? 'the boosted works'
      : i === plan.boost?.rest ? 'the rest of the page'
      : i === plan.correction ? 'the best hit, for did you mean'
      : `${plan.disjunctive[i - 1]}'s own counts`;
    console.log(`  ${label.padEnd(30)}${ms(await median(() => engine.multiSearchRaw({ queries: [query] })))}`);
  }
  const main = plan.queries[0]!;
  const bare: MeiliQuery = { ...main, facets: [] };
  const base = await median(() => engine.multiSearchRaw({ queries: [bare] }));
  console.log(`\nThe main query without facets: ${ms(base)}; each facet attribute alone adds:`);
  for (const facet of main.facets ?? []) {
    const withFacet = await median(() => engine.multiSearchRaw({ queries: [{ ...bare, facets: [facet] }] }));
    console.log(`  ${facet.padEnd(28)}${ms(withFacet - base)}`);
  }
  // What FACET_VALUES saves: the same counts asked for one attribute per group.
  const inactive = GROUPS.filter((group): group is Exclude<FilterGroup, 'price'> => group !== 'price' && !plan.disjunctive.includes(group)).map((group) => COUNTED_ATTRIBUTE[group]);
  if (main.facets?.includes(FACET_VALUES) && inactive.length > 0) {
    const separate = await median(() => engine.multiSearchRaw({ queries: [{ ...bare, facets: [...new Set(inactive)] }] }));
    console.log(`  (the same counts as ${new Set(inactive).size} attributes of their own instead of ${FACET_VALUES}: ${ms(separate - base)})`);
  }
} finally {
  await engine.close();
  await prepared?.meili.stop();
}
