import { CATEGORY_VALUES, SHIPPING_COUNTRIES, type Currency } from '@easel/shared/vocabulary';
import { FACET_TAGS, type CountedAttribute } from '@easel/indexer/documents';
import type { SearchHit } from '@easel/indexer/index-settings';
import {
  freeShippingCountry, type FacetValue, type Facets, type GallerySearchDefinition, type ListFacet, type PriceBar, type SearchResponse, type SuggestionsResponse,
} from './contract';
import { correctQuery, matchedWords, type MatchesPosition } from './did-you-mean';
import { FILTERS, type FilterGroup } from './filters';
import { FACET_VALUES, countedAttribute, priceAttribute, shipsToFacetAttribute, type PriceBarPlan, type SearchPlan, type SuggestionsPlan } from './meili-request';
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
 * A search plan's multi-search results -> the contract's response, as JSON. Facets of an active
 * disjunctive group come from its own count-only query, the rest from the main query:
 * hits [{ slug: 'sea', … }], totalHits 61, paginate 60 -> { results: [{ url: '/product/sea/', … }], count: 61, num_pages: 2, … }.
 * Each card is written from its JSON kept with the hit (cardJson): most of a response's bytes,
 * serialised once per card instead of once per answer.
 */
export function toSearchResponseJson(def: GallerySearchDefinition, plan: SearchPlan, results: MeiliResult[]): string {
  const main = results[0];
  if (!main) throw new Error('The engine answered without the main result');
  const count = main.totalHits ?? 0;
  const sourceOf = (group: FilterGroup): MeiliResult => {
    const i = plan.disjunctive.indexOf(group);
    return (i === -1 ? main : results[i + 1]) ?? main;
  };
  const country = freeShippingCountry(def);
  const cards = pageHits(def, plan, results).map((hit) => {
    const { head, tail } = cardJson(hit);
    return head + String(hit.free_shipping_to.includes(country)) + tail;
  });
  const rest: Omit<SearchResponse, 'results'> = {
    count,
    num_pages: Math.ceil(count / def.paginate),
    page: def.page,
    facets: toFacets(def, sourceOf, plan.priceBounds ? boundsOfHits(def.currency, results[plan.priceBounds.cheapest], results[plan.priceBounds.dearest]) : undefined),
    did_you_mean: didYouMean(def, plan, results),
  };
  return `{"results":[${cards.join(',')}],${JSON.stringify(rest).slice(1)}`;
}

const SHIPS_FREE_KEY = ',"ships_free":';
const cardJsons = new WeakMap<SearchHit, { head: string; tail: string }>();

/**
 * A hit's product card as JSON, in two parts around `ships_free`, the one field that depends on
 * the search (its `ships_to`): made once per hit object, so once per card the card store holds.
 * The key cannot occur earlier: a quote inside a string value is escaped.
 */
function cardJson(hit: SearchHit): { head: string; tail: string } {
  let parts = cardJsons.get(hit);
  if (!parts) {
    const json = JSON.stringify(toProductCard(hit, {}));
    const at = json.indexOf(SHIPS_FREE_KEY) + SHIPS_FREE_KEY.length;
    parts = { head: json.slice(0, at), tail: json.slice(json.startsWith('true', at) ? at + 4 : at + 5) };
    cardJsons.set(hit, parts);
  }
  return parts;
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

/**
 * One counted attribute's counts in a result: its own distribution (an active group's query) or
 * its share of the shared one, keyed by the attribute's tag and the value (facetValue), read where
 * they are, without copying: { colours: { red: 3 } }, 'colours' -> red 3; { facet_values: { '1sea': 2 } }, 'subject' -> sea 2.
 */
function countsOf(result: MeiliResult, attribute: CountedAttribute): { count(value: string): number; values(): string[] } {
  const own = result.facetDistribution?.[attribute];
  if (own) return { count: (value) => own[value] ?? 0, values: () => Object.keys(own) };
  const shared = result.facetDistribution?.[FACET_VALUES] ?? {};
  const prefix = FACET_TAGS[attribute];
  return {
    count: (value) => shared[prefix + value] ?? 0,
    values: () => Object.keys(shared).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)),
  };
}

/** Every counted row's values, from the table: lists by vocabulary, countries, and one value per flag; the price's bounds when already found. */
function toFacets(def: GallerySearchDefinition, sourceOf: (group: FilterGroup) => MeiliResult, price?: Facets['price']): Facets {
  const counts = (group: Exclude<FilterGroup, 'price'>, attribute: CountedAttribute = countedAttribute(group)) => countsOf(sourceOf(group), attribute);
  const lists = {} as Record<ListFacet, FacetValue[]>;
  for (const row of FILTERS) {
    switch (row.kind) {
      case 'list': {
        const { count } = counts(row.group);
        // A subcategory is counted as its 'category:subcategory' pair (names repeat across categories).
        const prefix = 'parent' in row ? `${row.parent}:` : '';
        lists[row.name] = facetList((value) => count(prefix + value), row.values, def[row.name], def.limit);
        break;
      }
      case 'country': {
        const { count, values } = counts(row.group, row.name === 'ships_to' ? shipsToFacetAttribute(def) : row.attribute);
        const countries = [...new Set([...SHIPPING_COUNTRIES, ...values().filter((k) => /^[A-Z]{2}$/.test(k))])];
        const chosen = def[row.name];
        lists[row.name] = facetList(count, countries, chosen ? [chosen] : [], def.limit);
        break;
      }
      case 'flag': {
        // A flag has one value, the one its parameter takes; boolean facets are keyed 'true'.
        const key = row.name === 'free_shipping' ? freeShippingCountry(def) : 'true';
        lists[row.name] = [{ value: row.on, count: counts(row.group).count(key) }];
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
  const all = values.map((value, order) => ({ value, count: countOf(value), order }));
  all.sort((a, b) => b.count - a.count || a.order - b.order);
  const shown = all.slice(0, limit);
  for (const item of all.slice(limit)) if (selected.includes(item.value)) shown.push(item);
  return shown.map(({ value, count }) => ({ value, count }));
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
