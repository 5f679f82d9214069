import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { facetValue } from '@easel/indexer/documents';
import { COUNTED_ATTRIBUTES, COUNTED_VALUES, type CountedAttribute } from '@easel/shared/search-attributes';
import type { SearchHit } from '@easel/indexer/index-settings';
import { CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES, SHIPPING_COUNTRIES, type Currency } from '@easel/shared/vocabulary';
import { CardStore, type StoredCard } from './card-store';
import { freeShippingCountry, parseGalleryParams, SORTS, type GallerySearchDefinition } from './contract';
import { correctQuery, matchedWords } from './did-you-mean';
import { FILTERS, type FilterGroup } from './filters';
import { buildSearchPlan, FACET_VALUES, priceAttribute, shipsToFacetAttribute, type SearchPlan } from './meili-request';
import { facetList, toSearchResponseBody, type MeiliResult } from './meili-response';
import { toProductCard } from './product-card';

/**
 * The answer the byte writer must produce, made the plain way: objects, toProductCard and
 * JSON.stringify. Facets are read from the results as the contract describes them: an active
 * disjunctive group's from its own query, every other from the main one; an attribute's counts
 * from its own distribution when the result has one, else from `facet_values`.
 */
function referenceAnswer(def: GallerySearchDefinition, plan: SearchPlan, results: MeiliResult[]): unknown {
  const main = results[0]!;
  const sourceOf = (group: FilterGroup) => {
    const i = plan.disjunctive.indexOf(group);
    return i === -1 ? main : (results[i + 1] ?? main);
  };
  const countIn = (result: MeiliResult, attribute: CountedAttribute, key: string): number => {
    const own = result.facetDistribution?.[attribute];
    return (own ? own[key] : result.facetDistribution?.[FACET_VALUES]?.[facetValue(attribute, key)]) ?? 0;
  };
  const bounds = (low: number | undefined, high: number | undefined) =>
    low === undefined || high === undefined ? null : { currency: def.currency, min: Math.floor(low / 100), max: Math.ceil(high / 100) };
  const stats = sourceOf('price').facetStats?.[priceAttribute(def.currency)];
  const facets: Record<string, unknown> = {
    price: plan.priceBounds
      ? bounds(results[plan.priceBounds.cheapest]?.hits[0]?.prices[def.currency], results[plan.priceBounds.dearest]?.hits[0]?.prices[def.currency])
      : bounds(stats?.min, stats?.max),
  };
  for (const row of FILTERS) {
    const source = sourceOf(row.group);
    if (row.kind === 'list') {
      const prefix = 'parent' in row ? `${row.parent}:` : '';
      facets[row.name] = facetList((value) => countIn(source, row.attribute, prefix + value), row.values, def[row.name], def.limit);
    } else if (row.kind === 'country') {
      const attribute = row.name === 'ships_to' ? shipsToFacetAttribute(def) : row.attribute;
      const chosen = def[row.name];
      const values = chosen && !(SHIPPING_COUNTRIES as readonly string[]).includes(chosen) ? [...SHIPPING_COUNTRIES, chosen] : SHIPPING_COUNTRIES;
      facets[row.name] = facetList((value) => countIn(source, attribute, value), values, chosen ? [chosen] : [], def.limit);
    } else if (row.kind === 'flag') {
      facets[row.name] = [{ value: row.on, count: countIn(source, row.attribute, row.name === 'free_shipping' ? freeShippingCountry(def) : 'true') }];
    }
  }
  const best = plan.correction === undefined ? undefined : results[plan.correction]?.hits[0];
  const count = main.totalHits ?? 0;
  return {
    results: main.hits.map((hit) => toProductCard(hit, def)),
    count,
    num_pages: Math.ceil(count / def.paginate),
    page: def.page,
    facets,
    did_you_mean: def.q && best?._matchesPosition ? correctQuery(def.q, matchedWords(best, best._matchesPosition)) : null,
    // A search with no staff rule carries no banner (rules.test.ts and test/levers.test.ts cover banners).
    banner: null,
  };
}

// Text of every kind: quotes, backslashes, control characters, astral and lone surrogates.
const text = fc.string({ unit: 'binary', maxLength: 24 });
const prices = fc.record(Object.fromEntries(CURRENCIES.map((c) => [c, fc.nat(5_000_000)])) as Record<Currency, fc.Arbitrary<number>>);
const hitArbitrary: fc.Arbitrary<SearchHit> = fc.record({
  id: fc.nat(),
  slug: text,
  title: text,
  artist_name: text,
  artist_slug: text,
  category: fc.constantFrom(...CATEGORY_VALUES),
  subcategory: text,
  subject: text,
  style: text,
  medium: text,
  colours: fc.subarray([...COLOUR_VALUES]),
  prices,
  original_prices: fc.option(prices, { nil: null }),
  in_sale: fc.boolean(),
  framed: fc.boolean(),
  ready_to_hang: fc.boolean(),
  has_fine_art_prints: fc.boolean(),
  width_cm: fc.double({ min: 1, max: 500, noNaN: true }),
  height_cm: fc.double({ min: 1, max: 500, noNaN: true }),
  depth_cm: fc.double({ min: 0, max: 100, noNaN: true }),
  orientation: text,
  size_bucket: text,
  ships_from: fc.constantFrom(...SHIPPING_COUNTRIES),
  free_shipping_to: fc.subarray([...SHIPPING_COUNTRIES]),
  main_image: text.map((name) => `/media/art/painting/${encodeURIComponent(name)}/main/11/blue/1000/640.webp`),
  favourite_count: fc.nat(100_000),
});

// Definitions over every kind of filter, a chosen country unknown to the vocabulary included.
const country = fc.constantFrom(...SHIPPING_COUNTRIES, 'BR');
const definitionArbitrary: fc.Arbitrary<GallerySearchDefinition> = fc
  .record(
    {
      q: fc.constantFrom('sea', 'harbour at night', 'oil'),
      ships_to: country,
      ships_from: country,
      free_shipping: fc.constant('true'),
      in_sale: fc.constant('on'),
      currency: fc.constantFrom(...CURRENCIES),
      colours: fc.subarray([...COLOUR_VALUES], { minLength: 1, maxLength: 3 }),
      product_category: fc.subarray([...CATEGORY_VALUES], { minLength: 1, maxLength: 2 }),
      painting: fc.constantFrom('oil', 'ink'),
      price_min: fc.nat(500).map(String),
      sort: fc.constantFrom(...SORTS),
      page: fc.integer({ min: 1, max: 5 }).map(String),
      paginate: fc.integer({ min: 1, max: 12 }).map(String),
      limit: fc.integer({ min: 1, max: 40 }).map(String),
    },
    { requiredKeys: [] },
  )
  .map((params) => {
    const parsed = parseGalleryParams(Object.fromEntries(Object.entries(params).map(([name, value]) => [name, [value].flat()])));
    if (!parsed.ok) throw new Error(`${parsed.issue.param}: ${parsed.issue.message}`);
    return parsed.definition;
  });

const counts = (keys: readonly string[]) => fc.dictionary(fc.constantFrom(...keys), fc.nat(10_000), { maxKeys: 12 });
const SHARED_KEYS = COUNTED_ATTRIBUTES.flatMap((attribute) => COUNTED_VALUES[attribute].map((value) => facetValue(attribute, value)));
/** A result's counts: the shared distribution, and its own for some attributes (as an active group's query has). */
const distributionArbitrary = fc
  .tuple(counts(SHARED_KEYS), fc.subarray([...COUNTED_ATTRIBUTES]))
  .chain(([shared, own]) =>
    fc.tuple(...own.map((attribute) => counts([...COUNTED_VALUES[attribute], 'BR']).map((c) => [attribute, c] as const))).map((ownCounts) => ({
      [FACET_VALUES]: shared,
      ...Object.fromEntries(ownCounts),
    })),
  );

/** A search's results for a plan: the main query's page of hits (card keys, made whole by the store), the others' few. */
function resultsFor(plan: SearchPlan, def: GallerySearchDefinition, hits: SearchHit[]): fc.Arbitrary<MeiliResult[]> {
  return fc.tuple(
    ...plan.queries.map((_, i) =>
      fc.record({
        hits: i === 0 ? fc.constant(hits.slice(0, def.paginate)) : fc.subarray(hits, { maxLength: Math.min(1, hits.length) }),
        totalHits: fc.nat(100_000),
        facetDistribution: distributionArbitrary,
        facetStats: fc.tuple(fc.nat(1_000_000), fc.nat(1_000_000)).map(([a, b]) => ({ [priceAttribute(def.currency)]: { min: Math.min(a, b), max: Math.max(a, b) } })),
      }),
    ),
  );
}

/** A card store over an engine holding these cards, and the search's results as the engine gives them: card keys. */
function storeOf(cards: StoredCard[]) {
  const byId = new Map(cards.map((card) => [card.id, card]));
  const engine: ConstructorParameters<typeof CardStore>[0] = {
    fetchDocuments: async <T,>(_index: string, ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []) as T[],
    multiSearch: async () => [],
  };
  return new CardStore(engine, 'idx', Math.max(1, cards.length));
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('toSearchResponseBody, over random hits and definitions', () => {
  it('writes the bytes of JSON.stringify of the plain answer, with cards kept from one search to the next', async () => {
    const scenario = fc
      .tuple(fc.uniqueArray(hitArbitrary, { selector: (hit) => hit.id, minLength: 0, maxLength: 14 }), definitionArbitrary, definitionArbitrary)
      .chain(([hits, first, second]) => {
        const plans = [first, second].map((def) => ({ def, plan: buildSearchPlan(def, 'idx') }));
        return fc.tuple(fc.constant(hits), ...plans.map(({ def, plan }) => resultsFor(plan, def, hits).map((results) => ({ def, plan, results }))));
      });
    await fc.assert(
      fc.asyncProperty(scenario, async ([hits, ...searches]) => {
        const store = storeOf(hits.map((hit) => ({ ...hit, card_version: 'v1' })));
        // Both searches go through the one store, so the second writes the cards the first kept.
        for (const { def, plan, results } of searches) {
          const keyed = results.map((result, i) => (plan.cards.includes(i) ? { ...result, hits: result.hits.map(({ id }) => ({ id, card_version: 'v1' })) as unknown as SearchHit[] } : result));
          const whole = await store.complete(keyed, plan.cards);
          const written = decode(toSearchResponseBody(def, plan, whole, store.cardJson));
          expect(written).toBe(JSON.stringify(referenceAnswer(def, plan, whole)));
        }
      }),
      { numRuns: 300, seed: 54 },
    );
  });
});
