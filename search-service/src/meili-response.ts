import { CATEGORY_VALUES, SHIPPING_COUNTRIES, type Currency } from '@easel/shared/vocabulary';
import { FACET_TAGS, type CountedAttribute } from '@easel/indexer/documents';
import type { SearchHit } from '@easel/indexer/index-settings';
import {
  freeShippingCountry, type FacetValue, type Facets, type GallerySearchDefinition, type ListFacet, type PriceBar, type SearchResponse, type SuggestionsResponse,
} from './contract';
import { correctQuery, matchedWords, type MatchesPosition } from './did-you-mean';
import { FILTERS, type FilterGroup } from './filters';
import { COUNTED_ATTRIBUTE, FACET_VALUES, priceAttribute, shipsToFacetAttribute, type PriceBarPlan, type SearchPlan, type SuggestionsPlan } from './meili-request';
import { toProductCard } from './product-card';

/** The parts of a Meilisearch search result the service reads. */
export interface MeiliResult {
  hits: (SearchHit & { _matchesPosition?: MatchesPosition })[];
  totalHits?: number;
  totalPages?: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, { min: number; max: number }>;
}

/**
 * A search plan's multi-search results -> the contract's response, as UTF-8 JSON. Facets of an
 * active disjunctive group come from its own count-only query, the rest from the main query:
 * hits [{ slug: 'sea', … }], totalHits 61, paginate 60 -> { results: [{ url: '/product/sea/', … }], count: 61, num_pages: 2, … }.
 * Each card is copied from its encoded JSON kept with the hit (cardJson): most of a response's
 * bytes, serialised and encoded once per card instead of once per answer.
 */
export function toSearchResponseBody(def: GallerySearchDefinition, plan: SearchPlan, results: MeiliResult[]): Uint8Array<ArrayBuffer> {
  const main = results[0];
  if (!main) throw new Error('The engine answered without the main result');
  const count = main.totalHits ?? 0;
  const sourceOf = (group: FilterGroup): MeiliResult => {
    const i = plan.disjunctive.indexOf(group);
    return (i === -1 ? main : results[i + 1]) ?? main;
  };
  const rest: Omit<SearchResponse, 'results'> = {
    count,
    num_pages: Math.ceil(count / def.paginate),
    page: def.page,
    facets: toFacets(def, sourceOf, plan.priceBounds ? boundsOfHits(def.currency, results[plan.priceBounds.cheapest], results[plan.priceBounds.dearest]) : undefined),
    did_you_mean: didYouMean(def, plan, results),
  };
  const country = freeShippingCountry(def);
  const parts = [RESULTS_OPEN];
  pageHits(def, plan, results).forEach((hit, i) => {
    const { head, tail } = cardJson(hit);
    if (i > 0) parts.push(COMMA);
    parts.push(head, hit.free_shipping_to.includes(country) ? TRUE : FALSE, tail);
  });
  parts.push(utf8.encode(`],${JSON.stringify(rest).slice(1)}`));
  return joinBytes(parts);
}

/**
 * The parts one after another, in a buffer of their own, as the hot cache's sizes assume
 * (Buffer.concat cuts a small answer from a shared slab).
 */
function joinBytes(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  return body;
}

const utf8 = new TextEncoder();
const [RESULTS_OPEN, COMMA, TRUE, FALSE] = ['{"results":[', ',', 'true', 'false'].map((text) => utf8.encode(text)) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
const SHIPS_FREE_KEY = ',"ships_free":';
const cardJsons = new WeakMap<SearchHit, { head: Uint8Array; tail: Uint8Array }>();

/**
 * A hit's product card as UTF-8 JSON in two parts around the value of `ships_free`, the one
 * field that depends on the search (its `ships_to`): encoded once per hit object, so once per
 * card the card store holds, both parts views of one buffer. The key cannot occur earlier: a
 * quote inside a string value is escaped.
 */
function cardJson(hit: SearchHit): { head: Uint8Array; tail: Uint8Array } {
  let card = cardJsons.get(hit);
  if (!card) {
    const json = JSON.stringify(toProductCard(hit, {}));
    const at = json.indexOf(SHIPS_FREE_KEY) + SHIPS_FREE_KEY.length;
    const head = json.slice(0, at);
    // A buffer of its own: one cut from a shared slab would keep the slab alive as long as any card in it.
    const bytes = utf8.encode(head + json.slice(json.startsWith('true', at) ? at + 4 : at + 5));
    const split = Buffer.byteLength(head);
    card = { head: bytes.subarray(0, split), tail: bytes.subarray(split) };
    cardJsons.set(hit, card);
  }
  return card;
}

/** The search words as the engine matched them, when that differs from what was typed (did-you-mean.ts). */
function didYouMean(def: GallerySearchDefinition, plan: SearchPlan, results: MeiliResult[]): string | null {
  const best = plan.correction === undefined ? undefined : results[plan.correction]?.hits[0];
  if (!def.q || !best?._matchesPosition) return null;
  return correctQuery(def.q, matchedWords(best, best._matchesPosition));
}

/**
 * A suggestions plan's counts -> the `_suggestions` response: the removals most matches first
 * (a stable sort keeps words before filters, filters in panel order, on ties), the categories
 * most works first.
 */
export function toSuggestions(plan: SuggestionsPlan, results: MeiliResult[]): SuggestionsResponse {
  const removals = plan.removals
    .map((removal, i) => ({ ...removal, count: results[i + 1]?.totalHits ?? 0 }))
    .sort((a, b) => b.count - a.count);
  const categories = results[plan.removals.length + 1]?.facetDistribution?.category_path ?? {};
  return {
    count: results[0]?.totalHits ?? 0,
    removals,
    categories: facetList((value) => categories[value] ?? 0, CATEGORY_VALUES, [], CATEGORY_VALUES.length),
  };
}

/**
 * The page's hits: the main query's, or with boosted works the page cut from the boosted
 * matches (the single boost first) followed by the rest (fetched from `offset` on): 2 boosted, page 1 of 3 ->
 * [boosted 1, boosted 2, rest 1].
 */
function pageHits(def: GallerySearchDefinition, plan: SearchPlan, results: MeiliResult[]): SearchHit[] {
  if (!plan.boost) return results[0]!.hits;
  // The engine orders the boosted matches as the search does; the single boost leads them.
  const boosted = [...(results[plan.boost.boosted]?.hits ?? [])].sort((a, b) => Number(b.slug === def.product_boost) - Number(a.slug === def.product_boost));
  const rest = results[plan.boost.rest]?.hits ?? [];
  const start = (def.page - 1) * def.paginate;
  const hits: SearchHit[] = [];
  for (let i = start; i < start + def.paginate; i++) {
    const hit = i < boosted.length ? boosted[i] : rest[i - boosted.length - plan.boost.offset];
    if (!hit) break;
    hits.push(hit);
  }
  return hits;
}

/** Each tag of `facet_values` (one character) -> its counted attribute. */
const ATTRIBUTE_OF_TAG = new Map(Object.entries(FACET_TAGS).map(([attribute, tag]) => [tag, attribute as CountedAttribute]));

type Distribution = Record<string, number>;

/**
 * A result's counts by counted attribute: the attributes it counted on their own (an active
 * group's query), and the shared distribution split by tag, in one pass over it:
 * { colours: { red: 3 } } -> colours { red: 3 }; { facet_values: { '1sea': 2 } } -> subject { sea: 2 }.
 */
function countsByAttribute(result: MeiliResult): Partial<Record<CountedAttribute, Distribution>> {
  const { [FACET_VALUES]: shared = {}, ...own } = result.facetDistribution ?? {};
  const counts: Partial<Record<CountedAttribute, Distribution>> = {};
  for (const key in shared) {
    const attribute = ATTRIBUTE_OF_TAG.get(key[0]!);
    if (attribute) (counts[attribute] ??= {})[key.slice(1)] = shared[key]!;
  }
  return Object.assign(counts, own);
}

/** Every counted row's values, from the table: lists by vocabulary, countries, and one value per flag; the price's bounds when already found. */
function toFacets(def: GallerySearchDefinition, sourceOf: (group: FilterGroup) => MeiliResult, price?: Facets['price']): Facets {
  const read = new Map<MeiliResult, Partial<Record<CountedAttribute, Distribution>>>();
  const counts = (group: Exclude<FilterGroup, 'price'>, attribute: CountedAttribute = COUNTED_ATTRIBUTE[group]): Distribution => {
    const source = sourceOf(group);
    let bySource = read.get(source);
    if (!bySource) read.set(source, (bySource = countsByAttribute(source)));
    return bySource[attribute] ?? {};
  };
  const lists = {} as Record<ListFacet, FacetValue[]>;
  for (const row of FILTERS) {
    switch (row.kind) {
      case 'list': {
        const counted = counts(row.group);
        // A subcategory is counted as its 'category:subcategory' pair (names repeat across categories).
        const prefix = 'parent' in row ? `${row.parent}:` : '';
        lists[row.name] = facetList((value) => counted[prefix + value] ?? 0, row.values, def[row.name], def.limit);
        break;
      }
      case 'country': {
        const counted = counts(row.group, row.name === 'ships_to' ? shipsToFacetAttribute(def) : row.attribute);
        const countries = [...new Set([...SHIPPING_COUNTRIES, ...Object.keys(counted).filter((k) => /^[A-Z]{2}$/.test(k))])];
        const chosen = def[row.name];
        lists[row.name] = facetList((value) => counted[value] ?? 0, countries, chosen ? [chosen] : [], def.limit);
        break;
      }
      case 'flag': {
        // A flag has one value, the one its parameter takes; boolean facets are keyed 'true'.
        const key = row.name === 'free_shipping' ? freeShippingCountry(def) : 'true';
        lists[row.name] = [{ value: row.on, count: counts(row.group)[key] ?? 0 }];
        break;
      }
    }
  }
  return { price: price === undefined ? priceBounds(def.currency, sourceOf('price')) : price, ...lists };
}

/**
 * Counts for the vocabulary's values, most first (ties in vocabulary order), cut to `limit`
 * but never dropping a chosen value: (red 3, blue 5, ['red', 'blue', 'green'], [], 2)
 * -> [{ value: 'blue', count: 5 }, { value: 'red', count: 3 }].
 */
export function facetList(
  countOf: (value: string) => number,
  values: readonly string[],
  selected: readonly string[],
  limit: number,
): FacetValue[] {
  // The sort is stable: ties keep the vocabulary's order.
  const all = values.map((value) => ({ value, count: countOf(value) })).sort((a, b) => b.count - a.count);
  const shown = all.slice(0, limit);
  for (let i = limit; i < all.length; i++) if (selected.includes(all[i]!.value)) shown.push(all[i]!);
  return shown;
}

/** Engine stats in minor units -> whole-unit bounds that contain every price: 1099..5050 -> 10..51. */
function priceBounds(currency: Currency, source: MeiliResult): Facets['price'] {
  const stats = source.facetStats?.[priceAttribute(currency)];
  return stats ? wholeUnitBounds(currency, stats.min, stats.max) : null;
}

/** The cheapest and the dearest work's prices (priceBoundQueries) -> the same bounds; null when nothing matches. */
function boundsOfHits(currency: Currency, cheapest: MeiliResult | undefined, dearest: MeiliResult | undefined): Facets['price'] {
  const low = cheapest?.hits[0]?.prices[currency];
  const high = dearest?.hits[0]?.prices[currency];
  return low === undefined || high === undefined ? null : wholeUnitBounds(currency, low, high);
}

function wholeUnitBounds(currency: Currency, minMinor: number, maxMinor: number): NonNullable<Facets['price']> {
  return { currency, min: Math.floor(minMinor / 100), max: Math.ceil(maxMinor / 100) };
}

/** Price bar plan + its counts -> the `_prices` response. */
export function toPriceBars(plan: PriceBarPlan, results: MeiliResult[]): PriceBar[] {
  const counts = results[0]?.facetDistribution?.[plan.attribute] ?? {};
  return plan.bars.map((bar, i) => ({ ...bar, count: counts[String(i)] ?? 0 }));
}
