import { CATEGORY_VALUES, SHIPPING_COUNTRIES, type Currency } from '@easel/shared/vocabulary';
import { facetValue } from '@easel/indexer/documents';
import type { CountedAttribute } from '@easel/shared/search-attributes';
import type { SearchHit } from '@easel/indexer/index-settings';
import {
  freeShippingCountry, type FacetValue, type Facets, type GallerySearchDefinition, type PriceBar, type SuggestionsResponse,
} from './contract';
import { correctQuery, matchedWords, type MatchesPosition } from './did-you-mean';
import { FILTERS, type FilterGroup } from './filters';
import type { SearchLevers } from './rules';
import { FACET_VALUES, boostedSlugs, priceAttribute, shipsToFacetAttribute, type PriceBarPlan, type SearchPlan, type SuggestionsPlan } from './meili-request';
import { cardTail, encodeCardFields, type CardJson } from './card-json';

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
 * Each card is copied from its encoded fields (`cardJson`: the card store's, which keeps them
 * with the card, so most of an answer's bytes are serialised and encoded once per card instead of
 * once per answer), followed by its per-search fields.
 */
export function toSearchResponseBody(
  def: GallerySearchDefinition,
  plan: SearchPlan,
  results: readonly MeiliResult[],
  cardJson: (hit: SearchHit) => CardJson = encodeCardFields,
  banner: SearchLevers['banner'] = null,
): Uint8Array<ArrayBuffer> {
  const main = results[0];
  if (!main) throw new Error('The engine answered without the main result');
  const count = main.totalHits ?? 0;
  const sourceOf = (group: FilterGroup): MeiliResult => {
    const i = plan.disjunctive.indexOf(group);
    return (i === -1 ? main : results[i + 1]) ?? main;
  };
  const price = plan.priceBounds ? boundsOfHits(def.currency, results[plan.priceBounds.cheapest], results[plan.priceBounds.dearest]) : undefined;
  const numPages = Math.ceil(count / def.paginate);
  const rest = utf8.encode(
    `],"count":${count},"num_pages":${numPages},"page":${def.page},"facets":${facetsJson(def, sourceOf, price)},"did_you_mean":${JSON.stringify(didYouMean(def, plan, results))},"banner":${JSON.stringify(banner)}}`,
  );
  // Each card: its kept bytes, then the per-search fields that close it.
  const hits = pageHits(def, plan, results, count);
  const kept = hits.map(cardJson);
  const tails = hits.map((hit) => cardTail(hit, def));
  let length = RESULTS_OPEN.length + Math.max(0, hits.length - 1) + rest.length;
  for (let i = 0; i < hits.length; i++) length += kept[i]!.length + tails[i]!.length;
  // A buffer of its own, as the hot cache's sizes assume (Buffer.concat cuts a small answer from a shared slab).
  const body = new Uint8Array(length);
  body.set(RESULTS_OPEN);
  let at = RESULTS_OPEN.length;
  for (let i = 0; i < hits.length; i++) {
    if (i > 0) body[at++] = COMMA;
    body.set(kept[i]!, at);
    at += kept[i]!.length;
    body.set(tails[i]!, at);
    at += tails[i]!.length;
  }
  body.set(rest, at);
  return body;
}

const utf8 = new TextEncoder();
const RESULTS_OPEN = utf8.encode('{"results":[');
const COMMA = ','.charCodeAt(0);

/** The search words as the engine matched them, when that differs from what was typed (did-you-mean.ts). */
function didYouMean(def: GallerySearchDefinition, plan: SearchPlan, results: readonly MeiliResult[]): string | null {
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
 * The page's hits: the main query's, or with boosted or pinned works the page cut from those
 * that match and the rest (fetched from `offset` on). Each work's place in the whole list: the
 * boosted from the first (in the search's order, the single boost first), then each pinned work
 * at its position, or the first free place after, never past the end of the list:
 * 2 boosted, page 1 of 3 -> [boosted 1, boosted 2, rest 1]; 'a' pinned at 2 -> [rest 1, a, rest 2].
 */
function pageHits(def: GallerySearchDefinition, plan: SearchPlan, results: readonly MeiliResult[], count: number): SearchHit[] {
  if (!plan.boost) return results[0]!.hits;
  const matched = results[plan.boost.boosted]?.hits ?? [];
  const boosts = new Set(boostedSlugs(def));
  const positions = new Map(plan.boost.pins.map((pin) => [pin.slug, pin.position]));
  const lead = matched.filter((hit) => boosts.has(hit.slug)).sort((a, b) => Number(b.slug === def.product_boost) - Number(a.slug === def.product_boost));
  const pinned = matched.filter((hit) => !boosts.has(hit.slug)).sort((a, b) => positions.get(a.slug)! - positions.get(b.slug)!);
  const restTotal = count - matched.length;
  const placed = new Map<number, SearchHit>(lead.map((hit, i) => [i, hit]));
  let last = lead.length - 1;
  pinned.forEach((hit, i) => {
    last = Math.min(Math.max(positions.get(hit.slug)! - 1, last + 1), restTotal + lead.length + i);
    placed.set(last, hit);
  });
  const rest = results[plan.boost.rest]?.hits ?? [];
  const start = (def.page - 1) * def.paginate;
  let before = [...placed.keys()].filter((at) => at < start).length;
  const hits: SearchHit[] = [];
  for (let at = start; at < start + def.paginate; at++) {
    const pin = placed.get(at);
    if (pin) {
      hits.push(pin);
      before++;
      continue;
    }
    const hit = rest[at - before - plan.boost.offset];
    if (!hit) break;
    hits.push(hit);
  }
  return hits;
}

type Distribution = Record<string, number>;

/**
 * A counted list's values with what reading and writing them takes, made once: each value's key
 * in its attribute's own counts and in the shared `facet_values` counts, and its JSON up to the
 * count: ('colours', ['red']) -> own ['red'], shared ['3red'], json ['{"value":"red","count":'].
 * A subcategory is counted as its 'category:subcategory' pair (names repeat across categories).
 */
interface Slots {
  values: readonly string[];
  own: readonly string[];
  shared: readonly string[];
  json: readonly string[];
}

function slotsOf(attribute: CountedAttribute, values: readonly string[], prefix = ''): Slots {
  const own = values.map((value) => prefix + value);
  return { values, own, shared: own.map((key) => facetValue(attribute, key)), json: values.map((value) => `${JSON.stringify({ value }).slice(0, -1)},"count":`) };
}

const LIST_SLOTS = new Map(FILTERS.flatMap((row) => (row.kind === 'list' ? [[row.name, slotsOf(row.attribute, row.values, 'parent' in row ? `${row.parent}:` : '')] as const] : [])));
const COUNTRY_SLOTS = new Map((['ships_to', 'ships_from', 'free_shipping_to'] as const).map((attribute) => [attribute, slotsOf(attribute, SHIPPING_COUNTRIES)]));

/**
 * Where a result counts an attribute: on its own (an active group's query), keyed by value, or
 * in the shared distribution, keyed by tagged value: { colours: { red: 3 } } -> own;
 * { facet_values: { '3red': 3 } } -> shared.
 */
function countsIn(result: MeiliResult, attribute: CountedAttribute): { counts: Distribution; shared: boolean } {
  const own = result.facetDistribution?.[attribute];
  return own ? { counts: own, shared: false } : { counts: result.facetDistribution?.[FACET_VALUES] ?? {}, shared: true };
}

/** A list's values as facet JSON, most first, cut to `limit` but never dropping a chosen value (facetOrder). */
function listJson(slots: Slots, { counts, shared }: ReturnType<typeof countsIn>, selected: readonly string[], limit: number): string {
  const numbers = (shared ? slots.shared : slots.own).map((key) => counts[key] ?? 0);
  return `[${facetOrder(numbers, slots.values, selected, limit).map((i) => `${slots.json[i]}${numbers[i]}}`).join(',')}]`;
}

/**
 * Every counted row's values as the answer's `facets` JSON, from the table: lists by vocabulary,
 * countries (and a chosen one besides), and one value per flag; the price's bounds when already found.
 */
function facetsJson(def: GallerySearchDefinition, sourceOf: (group: FilterGroup) => MeiliResult, price?: Facets['price']): string {
  const parts = [`{"price":${JSON.stringify(price === undefined ? priceBounds(def.currency, sourceOf('price')) : price)}`];
  for (const row of FILTERS) {
    switch (row.kind) {
      case 'list':
        parts.push(`"${row.name}":${listJson(LIST_SLOTS.get(row.name)!, countsIn(sourceOf(row.group), row.attribute), def[row.name], def.limit)}`);
        break;
      case 'country': {
        const attribute = row.name === 'ships_to' ? shipsToFacetAttribute(def) : row.attribute;
        const chosen = def[row.name];
        const known = !chosen || (SHIPPING_COUNTRIES as readonly string[]).includes(chosen);
        const slots = known ? COUNTRY_SLOTS.get(attribute)! : slotsOf(attribute, [...SHIPPING_COUNTRIES, chosen]);
        parts.push(`"${row.name}":${listJson(slots, countsIn(sourceOf(row.group), attribute), chosen ? [chosen] : [], def.limit)}`);
        break;
      }
      case 'flag': {
        // A flag has one value, the one its parameter takes; boolean facets are keyed 'true'.
        const key = row.name === 'free_shipping' ? freeShippingCountry(def) : 'true';
        const { counts, shared } = countsIn(sourceOf(row.group), row.attribute);
        parts.push(`"${row.name}":${JSON.stringify([{ value: row.on, count: counts[shared ? facetValue(row.attribute, key) : key] ?? 0 }])}`);
        break;
      }
    }
  }
  return `${parts.join(',')}}`;
}

/**
 * The order a list's values are shown in: most first (ties in vocabulary order), cut to
 * `limit` but never dropping a chosen value: ([3, 5, 0], ['red', 'blue', 'green'], ['green'], 1) -> [1, 2].
 */
function facetOrder(counts: readonly number[], values: readonly string[], selected: readonly string[], limit: number): number[] {
  const order = values.map((_, i) => i).sort((a, b) => counts[b]! - counts[a]! || a - b);
  const shown = order.slice(0, limit);
  for (const i of order.slice(limit)) if (selected.includes(values[i]!)) shown.push(i);
  return shown;
}

/**
 * Counts for the vocabulary's values, in facetOrder's order: (red 3, blue 5, ['red', 'blue', 'green'], [], 2)
 * -> [{ value: 'blue', count: 5 }, { value: 'red', count: 3 }].
 */
export function facetList(
  countOf: (value: string) => number,
  values: readonly string[],
  selected: readonly string[],
  limit: number,
): FacetValue[] {
  const counts = values.map(countOf);
  return facetOrder(counts, values, selected, limit).map((i) => ({ value: values[i]!, count: counts[i]! }));
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
