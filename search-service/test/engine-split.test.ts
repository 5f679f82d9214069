import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEngine, splitQueries, type Engine } from '../src/engine';
import { buildSearchPlan, type MeiliQuery } from '../src/meili-request';
import type { MeiliResult } from '../src/meili-response';
import { buildFixture, definitionOf, type Fixture } from './fixture';

describe('splitQueries', () => {
  const main: MeiliQuery = { indexUid: 'i', facets: ['facet_values'], sort: ['price_gbp:asc'], page: 2, hitsPerPage: 60, attributesToRetrieve: ['id'] };
  const [a, b] = [{ indexUid: 'i', facets: ['colours'], hitsPerPage: 0 }, { indexUid: 'i', limit: 1 }];
  const result = (totalHits: number, facetDistribution?: Record<string, Record<string, number>>): MeiliResult => ({ hits: [], totalHits, ...(facetDistribution ? { facetDistribution } : {}) });

  it('sends the main query\'s hits, its counts and the rest at once while the engine has a core to spare', () => {
    const { requests, join } = splitQueries([main, a, b], 0, 2);
    expect(requests).toEqual([
      [{ indexUid: 'i', sort: ['price_gbp:asc'], page: 2, hitsPerPage: 60, attributesToRetrieve: ['id'] }],
      [{ indexUid: 'i', facets: ['facet_values'], page: 1, hitsPerPage: 0 }],
      [a, b],
    ]);
    const counts = { facet_values: { '3red': 3 } };
    expect(join([[result(7)], [result(7, counts)], [result(5), result(1)]])).toEqual([
      { ...result(7, counts), facetStats: undefined }, result(5), result(1),
    ]);
    expect(splitQueries([main, a], 6, 8).requests).toHaveLength(3);
  });

  it('keeps a main query without hits or without counts whole', () => {
    expect(splitQueries([{ ...main, hitsPerPage: 0 }, a], 0, 2).requests).toEqual([[{ ...main, hitsPerPage: 0 }], [a]]);
    expect(splitQueries([b], 0, 2).requests).toEqual([[b]]);
  });

  it('sends one request while the engine is busy', () => {
    expect(splitQueries([main, a, b], 1, 2).requests).toEqual([[main, a, b]]);
    expect(splitQueries([main, a, b], 0, 1).requests).toEqual([[main, a, b]]);
  });
});

describe('a search split at the engine', () => {
  let fx: Fixture;
  let whole: Engine;
  let split: Engine;
  const requests: string[] = [];
  const onRequest = (message: unknown) => requests.push((message as { request: { path: string } }).request.path);

  beforeAll(async () => {
    fx = await buildFixture({ seed: 5, artworks: 1500 });
    whole = createEngine(inject('meili'), { cores: 1 });
    split = createEngine(inject('meili'), { cores: 2 });
    subscribe('undici:request:create', onRequest);
  });
  afterAll(async () => {
    unsubscribe('undici:request:create', onRequest);
    await Promise.all([whole?.close(), split?.close(), fx?.close()]);
  });

  /** The results without the engine's timings, which differ from run to run. */
  const answers = (results: MeiliResult[]) => results.map(({ processingTimeMs: _, ...rest }: MeiliResult & { processingTimeMs?: number }) => rest);

  it.each([
    'colours=red&colours=blue&style=abstract&ships_to=FR',
    'q=portrait&product_category=painting&price_max=2000',
    'product_category=sculpture&sort=price_desc&page=2',
  ])('answers %s as one request does, query for query', async (qs) => {
    const { queries } = buildSearchPlan(definitionOf(qs), fx.indexUid);
    requests.length = 0;
    const [one, two] = [await whole.multiSearch(queries), await split.multiSearch(queries)];
    // One request, then three: the main query's hits, its counts and the other queries.
    expect(requests).toHaveLength(4);
    expect(answers(two)).toEqual(answers(one));
    expect(one[0]!.hits.length).toBeGreaterThan(0);
  });

  it('goes in one request while the engine is busy', async () => {
    const { queries } = buildSearchPlan(definitionOf('colours=green&size_=small'), fx.indexUid);
    requests.length = 0;
    const [first, second] = await Promise.all([split.multiSearch(queries), split.multiSearch(queries)]);
    // The first search goes in three requests; the second, coming while they run, goes whole.
    expect(requests).toHaveLength(4);
    expect(answers(second)).toEqual(answers(first));
  });
});
