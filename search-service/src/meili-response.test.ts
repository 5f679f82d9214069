import { describe, expect, it } from 'vitest';
import { facetValue } from '@easel/indexer/documents';
import { parseGalleryParams, searchResponseSchema, type GallerySearchDefinition, type SearchResponse } from './contract';
import { buildSearchPlan, type SearchPlan } from './meili-request';
import { facetList, toSearchResponseBody, type MeiliResult } from './meili-response';
import { toProductCard } from './product-card';
import { SALE_HIT as hit } from './product-card.fixture';

/** The answer as JSON, after checking it has the contract's shape. */
const toSearchResponse = (d: GallerySearchDefinition, plan: SearchPlan, results: MeiliResult[]): SearchResponse => {
  const response: unknown = JSON.parse(new TextDecoder().decode(toSearchResponseBody(d, plan, results)));
  expect(searchResponseSchema.safeParse(response).error).toBeUndefined();
  return response as SearchResponse;
};

const def = (params: Record<string, string[]> = {}): GallerySearchDefinition => {
  const r = parseGalleryParams(params);
  if (!r.ok) throw new Error(r.issue.message);
  return r.definition;
};

describe('facetList', () => {
  it.each([
    [{ red: 3, blue: 5 }, ['red', 'blue', 'green'], [], 12, [{ value: 'blue', count: 5 }, { value: 'red', count: 3 }, { value: 'green', count: 0 }]],
    [{ red: 3, blue: 5 }, ['red', 'blue', 'green'], [], 1, [{ value: 'blue', count: 5 }]],
    [{ red: 3, blue: 5 }, ['red', 'blue', 'green'], ['green'], 1, [{ value: 'blue', count: 5 }, { value: 'green', count: 0 }]],
    [{}, ['a', 'b'], [], 12, [{ value: 'a', count: 0 }, { value: 'b', count: 0 }]],
  ])('%j of %j, chosen %j, limit %i', (dist, values, selected, limit, expected) => {
    expect(facetList((value) => (dist as Record<string, number>)[value] ?? 0, values, selected, limit)).toEqual(expected);
  });
});

describe('toSearchResponseBody', () => {
  it('writes each card as toProductCard makes it, free shipping judged against the search', () => {
    // A title holding the text of a per-search field, and an artist's name of more bytes than characters.
    const hits = [
      hit,
      { ...hit, id: 8, slug: 'quay', title: 'Quay ,"ships_free":true', artist_name: 'Zoë Ōtsuka', free_shipping_to: ['FR'] },
      { ...hit, id: 9, slug: 'dune', in_sale: false, original_prices: null },
    ];
    for (const params of [{}, { ships_to: ['FR'] }, { ships_to: ['IE'] }, { ships_to: ['US'] }] as Record<string, string[]>[]) {
      const d = def({ ...params, paginate: ['3'] });
      const response = toSearchResponse(d, buildSearchPlan(d, 'idx'), [{ hits, totalHits: 3 }, { hits: [] }, { hits: [] }]);
      expect(response.results).toEqual(hits.map((h) => toProductCard(h, d)));
    }
  });

  it('takes an active section facets from its own query and the rest from the main one', () => {
    const d = def({ colours: ['red'], currency: ['USD'], paginate: ['1'] });
    const plan = buildSearchPlan(d, 'idx');
    const response = toSearchResponse(d, plan, [
      // The main query counts the chosen colour too; its section's numbers come from its own query.
      { hits: [hit], totalHits: 3, facetDistribution: { facet_values: { [facetValue('subject', 'seascape')]: 3, [facetValue('colours', 'red')]: 3 } } },
      { hits: [], totalHits: 9, facetDistribution: { colours: { red: 3, blue: 6 } } },
      // The cheapest and the dearest work: their prices in the shopper's currency give the bounds.
      { hits: [{ ...hit, prices: { ...hit.prices, USD: 1099 } }] },
      { hits: [{ ...hit, prices: { ...hit.prices, USD: 5050 } }] },
    ]);
    expect(response).toMatchObject({ count: 3, num_pages: 3, page: 1 });
    expect(response.facets.price).toEqual({ currency: 'USD', min: 10, max: 51 });
    expect(response.facets.colours.slice(0, 2)).toEqual([{ value: 'blue', count: 6 }, { value: 'red', count: 3 }]);
    expect(response.facets.subject[0]).toEqual({ value: 'seascape', count: 3 });
    expect(response.facets.in_sale).toEqual([{ value: 'on', count: 0 }]);
  });

  it('takes the price bounds from the facet stats when there are words to match, and gives none when nothing matches', () => {
    const withWords = def({ q: ['harbour'], currency: ['EUR'] });
    expect(toSearchResponse(withWords, buildSearchPlan(withWords, 'idx'), [{ hits: [hit], totalHits: 1, facetStats: { price_eur: { min: 2501, max: 2501 } } }]).facets.price)
      .toEqual({ currency: 'EUR', min: 25, max: 26 });
    const nothing = def({});
    expect(toSearchResponse(nothing, buildSearchPlan(nothing, 'idx'), [{ hits: [], totalHits: 0 }, { hits: [] }, { hits: [] }]).facets.price).toBeNull();
  });

  it('counts categories from the bare values of category_path and subcategories from its pairs', () => {
    const d = def({ product_category: ['sculpture'], painting: ['oil'], limit: ['100'] });
    const plan = buildSearchPlan(d, 'idx');
    expect(plan.disjunctive).toEqual(['category']);
    const response = toSearchResponse(d, plan, [
      { hits: [], totalHits: 12 },
      { hits: [], totalHits: 40, facetDistribution: { category_path: { painting: 30, 'painting:oil': 9, 'painting:ink': 21, sculpture: 3, 'sculpture:mixed-media': 3 } } },
    ]);
    expect(response.facets.product_category.slice(0, 3)).toEqual([
      { value: 'painting', count: 30 }, { value: 'sculpture', count: 3 }, { value: 'photography', count: 0 },
    ]);
    expect(response.facets.painting.slice(0, 3)).toEqual([
      { value: 'ink', count: 21 }, { value: 'oil', count: 9 }, { value: 'acrylic', count: 0 },
    ]);
    // 'mixed-media' is a subcategory of both: each list counts only its own category's pair.
    expect(response.facets.painting.find((v) => v.value === 'mixed-media')).toEqual({ value: 'mixed-media', count: 0 });
    expect(response.facets.sculpture[0]).toEqual({ value: 'mixed-media', count: 3 });
  });

  it('lists every shipping country, and a chosen one outside them, past the limit', () => {
    const d = def({ ships_from: ['BR'], limit: ['1'] });
    const plan = buildSearchPlan(d, 'idx');
    const response = toSearchResponse(d, plan, [
      { hits: [], totalHits: 2, facetDistribution: { facet_values: { [facetValue('ships_to', 'FR')]: 2, [facetValue('ships_to', 'IE')]: 2 } } },
      { hits: [], totalHits: 7, facetDistribution: { ships_from: { GB: 5, BR: 2 } } },
    ]);
    expect(response.facets.ships_from).toEqual([{ value: 'GB', count: 5 }, { value: 'BR', count: 2 }]);
    // A tie keeps the vocabulary's order: Ireland before France.
    expect(response.facets.ships_to).toEqual([{ value: 'IE', count: 2 }]);
    expect(toSearchResponse(d, plan, [{ hits: [], totalHits: 0 }, { hits: [], totalHits: 0 }]).facets.ships_from).toEqual([
      { value: 'GB', count: 0 }, { value: 'BR', count: 0 },
    ]);
  });
});

describe('boosted works', () => {
  const work = (slug: string) => ({ ...hit, slug });
  const answer = (d: GallerySearchDefinition, boosted: string[], rest: string[]) => {
    const plan = buildSearchPlan(d, 'idx');
    const results = plan.queries.map(() => ({ hits: [] as (typeof hit)[], totalHits: 7 }));
    results[plan.boost!.boosted] = { hits: boosted.map(work), totalHits: boosted.length };
    results[plan.boost!.rest] = { hits: rest.map(work), totalHits: 5 };
    return toSearchResponse(d, plan, results).results.map((card) => card.slug);
  };

  it('leads the first page with the boosted works that match', () => {
    expect(answer(def({ multiple_product_boost: ['b', 'x'], paginate: ['3'] }), ['b'], ['r1', 'r2', 'r3', 'r4', 'r5'])).toEqual(['b', 'r1', 'r2']);
  });

  it('carries on the later pages where the first left off', () => {
    // Page 2 of 3 with two boosts of which one matches: the rest is fetched from offset 1.
    expect(answer(def({ multiple_product_boost: ['b', 'x'], paginate: ['3'], page: ['2'] }), ['b'], ['r2', 'r3', 'r4', 'r5'])).toEqual(['r3', 'r4', 'r5']);
  });
});
