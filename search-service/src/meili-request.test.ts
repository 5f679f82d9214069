import { describe, expect, it } from 'vitest';
import { parseGalleryParams, type GallerySearchDefinition } from './contract';
import { boostedSlugs, buildCountQuery, buildPriceBarPlan, buildSearchPlan, buildSuggestionsPlan, comparison, expr, groupFilters } from './meili-request';
import { gatherParams } from './query-string';

const def = (qs: string): GallerySearchDefinition => {
  const g = gatherParams(qs);
  if (!g.ok) throw new Error(g.issue.message);
  const r = parseGalleryParams(g.params);
  if (!r.ok) throw new Error(r.issue.message);
  return r.definition;
};

describe('groupFilters', () => {
  it.each([
    ['', {}],
    ['colours=red&colours=blue', { colours: [['colours = "red"', 'colours = "blue"']] }],
    ['product_category=sculpture', { category: [['category_path = "sculpture"']] }],
    ['painting=oil&painting=ink', { category: [['category_path = "painting:oil"', 'category_path = "painting:ink"']] }],
    ['product_category=painting&painting=oil&product_category=prints', { category: [['category_path = "painting:oil"', 'category_path = "prints"']] }],
    ['product_category=sculpture&painting=oil', { category: [['category_path = "painting:oil"', 'category_path = "sculpture"']] }],
    ['currency=USD&price_min=100&price_max=200', { price: ['price_usd >= 10000', 'price_usd <= 20000'] }],
    ['size_=small&height_max=30', { size: [['size_bucket = "small"'], 'height_cm <= 30'] }],
    ['free_shipping=true', { free_shipping: ['free_shipping_to = "GB"'] }],
    ['free_shipping=true&ships_to=US', { ships_to: ['ships_to = "US"'], free_shipping: ['free_shipping_to = "US"'] }],
    ['in_sale=on&has_fine_art_prints=true', { in_sale: ['in_sale = true'], has_fine_art_prints: ['has_fine_art_prints = true'] }],
    ['shape=square', { shape: [['orientation = "square"']] }],
  ])('%s', (qs, expected) => {
    expect(groupFilters(def(qs))).toEqual(expected);
  });
});

describe('expr and comparison refuse anything outside the vocabulary alphabet', () => {
  it.each([['red" OR 1=1'], ['red\\'], [''], ['a b']])('%s', (value) => {
    expect(() => expr('colours', value)).toThrow();
  });
  it('refuses non-finite bounds', () => {
    expect(() => comparison('price_gbp', '>=', Number.NaN)).toThrow();
  });
});

describe('buildSearchPlan', () => {
  it('asks for every facet in one query when nothing is chosen, and for the price bounds as the cheapest and dearest work', () => {
    const plan = buildSearchPlan(def(''), 'idx');
    expect(plan.queries).toHaveLength(3);
    expect(plan.queries[0]).toMatchObject({ indexUid: 'idx', page: 1, hitsPerPage: 60 });
    // One distribution for every section but the price.
    expect(plan.queries[0]!.facets).toEqual(['facet_values']);
    expect(plan.queries[0]!.filter).toBeUndefined();
    expect(plan.priceBounds).toEqual({ cheapest: 1, dearest: 2 });
    expect(plan.queries[1]).toEqual({ indexUid: 'idx', sort: ['price_gbp:asc'], offset: 0, limit: 1, attributesToRetrieve: ['prices'] });
    expect(plan.queries[2]).toEqual({ indexUid: 'idx', sort: ['price_gbp:desc'], offset: 0, limit: 1, attributesToRetrieve: ['prices'] });
  });

  it('finds the price bounds under every filter but the price\'s own, and counts nothing for the price', () => {
    const plan = buildSearchPlan(def('currency=USD&price_min=100&colours=red&artist=ada-lovelace'), 'idx');
    expect(plan.disjunctive).toEqual(['colours']);
    expect(plan.queries[0]!.facets).toEqual(['facet_values']);
    expect(plan.priceBounds).toEqual({ cheapest: 2, dearest: 3 });
    const filter = ['artist_slug = "ada-lovelace"', ['colours = "red"']];
    expect(plan.queries[2]).toMatchObject({ sort: ['price_gbp:asc'], limit: 1, filter });
    expect(plan.queries[3]).toMatchObject({ sort: ['price_gbp:desc'], limit: 1, filter });
  });

  it('with words to match, takes the price bounds from the engine\'s facet stats, which relevance does not reorder', () => {
    const inactive = buildSearchPlan(def('q=harbour'), 'idx');
    expect(inactive.priceBounds).toBeUndefined();
    // The main query, and the one-hit query for "did you mean".
    expect(inactive.queries).toHaveLength(2);
    expect(inactive.queries[0]!.facets).toEqual(['price_gbp', 'facet_values']);
    const active = buildSearchPlan(def('q=harbour&price_max=500'), 'idx');
    expect(active.disjunctive).toEqual(['price']);
    expect(active.queries[1]).toEqual({ indexUid: 'idx', q: 'harbour', facets: ['price_gbp'], page: 1, hitsPerPage: 0 });
  });

  it('with words to match, asks for the best match in relevance order with where each word was found', () => {
    const plan = buildSearchPlan(def('q=sesacape&colours=red&sort=newest&page=3'), 'idx');
    expect(plan.correction).toBe(plan.queries.length - 1);
    expect(plan.queries[plan.correction!]).toEqual({
      indexUid: 'idx', q: 'sesacape', offset: 0, limit: 1, showMatchesPosition: true,
      attributesToRetrieve: ['title', 'artist_name', 'subject', 'style', 'subcategory', 'category', 'medium', 'colours'],
      filter: [['colours = "red"']],
    });
    expect(buildSearchPlan(def('colours=red'), 'idx').correction).toBeUndefined();
  });

  it('counts the search and each way to widen it, and the categories, in one multi-search', () => {
    const plan = buildSuggestionsPlan(def('q=sea&colours=red&in_sale=on&artist=ada-lovelace'), 'idx');
    expect(plan.removals).toEqual([{ kind: 'word', word: 'sea' }, { kind: 'filter', filter: 'in_sale' }, { kind: 'filter', filter: 'colours' }]);
    const scope = 'artist_slug = "ada-lovelace"';
    expect(plan.queries).toEqual([
      { indexUid: 'idx', q: 'sea', page: 1, hitsPerPage: 0, filter: [scope, 'in_sale = true', ['colours = "red"']] },
      { indexUid: 'idx', page: 1, hitsPerPage: 0, filter: [scope, 'in_sale = true', ['colours = "red"']] },
      { indexUid: 'idx', q: 'sea', page: 1, hitsPerPage: 0, filter: [scope, ['colours = "red"']] },
      { indexUid: 'idx', q: 'sea', page: 1, hitsPerPage: 0, filter: [scope, 'in_sale = true'] },
      { indexUid: 'idx', facets: ['category_path'], page: 1, hitsPerPage: 0, filter: [scope] },
    ]);
  });

  it('adds one count-only query per active section with its own filter removed', () => {
    const plan = buildSearchPlan(def('colours=red&subject=nude&sort=newest&page=2&paginate=30'), 'idx');
    expect(plan.disjunctive).toEqual(['subject', 'colours']);
    expect(plan.queries[0]).toMatchObject({ sort: ['created_ts:desc'], page: 2, hitsPerPage: 30, filter: [['subject = "nude"'], ['colours = "red"']] });
    expect(plan.queries[1]).toEqual({ indexUid: 'idx', facets: ['subject'], page: 1, hitsPerPage: 0, filter: [['colours = "red"']] });
    expect(plan.queries[2]).toEqual({ indexUid: 'idx', facets: ['colours'], page: 1, hitsPerPage: 0, filter: [['subject = "nude"']] });
  });

  it('counts an active flag in the main query, which counts it exactly, rather than in a query of its own', () => {
    const plan = buildSearchPlan(def('in_sale=on&colours=red'), 'idx');
    expect(plan.disjunctive).toEqual(['colours']);
    // The main query, the colours' own, and the two price bounds.
    expect(plan.queries).toHaveLength(4);
    expect(plan.queries[0]!.facets).toEqual(['facet_values']);
  });

  it.each([
    ['price_asc', ['price_gbp:asc']],
    ['price_desc', ['price_gbp:desc']],
    ['popular', ['popularity:desc']],
    ['best_match', undefined],
  ])('sorts %s by %j', (sort, rules) => {
    expect(buildSearchPlan(def(`sort=${sort}`), 'idx').queries[0]!.sort).toEqual(rules);
  });
});

describe('the artist scope', () => {
  it('narrows every query of a search, facet counts included, and is never a section of its own', () => {
    const plan = buildSearchPlan(def('artist=ada-lovelace&product_category=painting'), 'idx');
    expect(plan.disjunctive).toEqual(['category']);
    expect(plan.queries[0]!.filter).toEqual(['artist_slug = "ada-lovelace"', ['category_path = "painting"']]);
    expect(plan.queries[1]).toMatchObject({ facets: ['category_path'], filter: ['artist_slug = "ada-lovelace"'] });
  });

  it('narrows the count and every price bar', () => {
    expect(buildCountQuery(def('artist=ada-lovelace'), 'idx').filter).toEqual(['artist_slug = "ada-lovelace"']);
    for (const q of buildPriceBarPlan(def('artist=ada-lovelace&price_min=10'), 'idx').queries) {
      expect(q.filter![0]).toBe('artist_slug = "ada-lovelace"');
    }
  });
});

describe('buildCountQuery and buildPriceBarPlan', () => {
  it('counts without hits', () => {
    expect(buildCountQuery(def('q=sea&colours=red'), 'idx')).toEqual({ indexUid: 'idx', q: 'sea', page: 1, hitsPerPage: 0, filter: [['colours = "red"']] });
  });

  it('counts every bar in one query without the price filter, and covers the whole range', () => {
    const plan = buildPriceBarPlan(def('currency=EUR&price_min=100&colours=red'), 'idx');
    expect(plan.bars[0]).toEqual({ min: 0, max: expect.any(Number) });
    expect(plan.bars.at(-1)!.max).toBeNull();
    expect(plan.queries).toEqual([{ indexUid: 'idx', facets: ['price_band_eur'], page: 1, hitsPerPage: 0, filter: [['colours = "red"']] }]);
    plan.bars.slice(1).forEach((bar, i) => expect(bar.min).toBe(plan.bars[i]!.max));
  });
});

describe('boosted works', () => {
  it('puts the single boost first and counts each work once', () => {
    expect(boostedSlugs(def('multiple_product_boost=b&multiple_product_boost=a&product_boost=a'))).toEqual(['a', 'b']);
  });

  it('counts with query 0 and fetches the boosted matches and the rest, far enough back for any number of matches', () => {
    const plan = buildSearchPlan(def('colours=red&product_boost=a&multiple_product_boost=b&page=3&paginate=10&sort=newest'), 'idx');
    expect(plan.queries[0]).toMatchObject({ page: 1, hitsPerPage: 0, filter: [['colours = "red"']] });
    expect(plan.queries[0]!.sort).toBeUndefined();
    expect(plan.boost).toEqual({ boosted: 4, rest: 5, offset: 18, pins: [] });
    expect(plan.queries[4]).toMatchObject({ filter: [['colours = "red"'], ['slug = "a"', 'slug = "b"']], offset: 0, limit: 2, sort: ['created_ts:desc'] });
    expect(plan.queries[5]).toMatchObject({ filter: [['colours = "red"'], 'slug != "a"', 'slug != "b"'], offset: 18, limit: 12, sort: ['created_ts:desc'] });
  });

  it('leaves the count and the price bars alone', () => {
    expect(buildCountQuery(def('product_boost=a'), 'idx').filter).toBeUndefined();
    for (const q of buildPriceBarPlan(def('product_boost=a'), 'idx').queries) expect(JSON.stringify(q.filter ?? [])).not.toContain('slug');
  });
});

describe('search rules', () => {
  const levers = { pins: [{ slug: 'p', position: 5 }, { slug: 'a', position: 1 }], hides: ['h'], banner: null, key: '1@v' };

  it('fetch the pinned works beside the boosted ones, each once, far enough back for all of them', () => {
    const plan = buildSearchPlan(def('q=cat&product_boost=a&page=2&paginate=10'), 'idx', levers);
    expect(plan.boost).toMatchObject({ offset: 8, pins: levers.pins });
    expect(plan.queries[plan.boost!.boosted]).toMatchObject({ filter: ['slug != "h"', ['slug = "a"', 'slug = "p"']], limit: 2 });
    expect(plan.queries[plan.boost!.rest]).toMatchObject({ filter: ['slug != "h"', 'slug != "a"', 'slug != "p"'], offset: 8, limit: 12 });
  });

  it('leave hidden works out of every query: the page, its counts, _count, _prices and _suggestions', () => {
    const plan = buildSearchPlan(def('q=cat&colours=red'), 'idx', { ...levers, pins: [] });
    for (const q of plan.queries) expect(q.filter).toContain('slug != "h"');
    expect(buildCountQuery(def('q=cat'), 'idx', levers).filter).toEqual(['slug != "h"']);
    for (const q of buildPriceBarPlan(def('q=cat'), 'idx', levers).queries) expect(q.filter).toContain('slug != "h"');
    for (const q of buildSuggestionsPlan(def('q=cat%20asleep'), 'idx', levers).queries) expect(q.filter).toContain('slug != "h"');
  });
});
