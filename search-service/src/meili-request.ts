import type { Currency } from '@easel/shared/vocabulary';
import type { CountedAttribute } from '@easel/shared/search-attributes';
import { DISPLAYED_ATTRIBUTES } from '@easel/indexer/index-settings';
import { categoryPathValues, freeShippingCountry, type GallerySearchDefinition, type Sort } from './contract';
import { FILTERS, GROUPS, distinct, type FilterGroup, type FilterRow, type RangeRow } from './filters';
import { SEARCHED_ATTRIBUTES } from './did-you-mean';
import { priceBandAttribute, priceBarEdges } from '@easel/indexer/price-bars';
import { removals, widen, type Removal } from './suggestions';
import { NO_LEVERS, type SearchLevers } from './rules';

/**
 * The gallery search definition -> Meilisearch multi-search queries: the one place a search
 * definition becomes an engine request. Pure. Each filter row of the table (`filters.ts`) is
 * turned into filter items by its kind; filters are arrays (AND of items, an inner array is an
 * OR) of `attr = "value"` expressions built only from values the contract has already validated
 * against the vocabulary; `expr` re-checks them.
 */

/** AND of items; an array item is an OR of its expressions. */
export type Filter = (string | string[])[];

export interface MeiliQuery {
  indexUid: string;
  q?: string;
  filter?: Filter;
  facets?: string[];
  sort?: string[];
  page?: number;
  hitsPerPage?: number;
  offset?: number;
  limit?: number;
  attributesToRetrieve?: string[];
  showMatchesPosition?: boolean;
}

export const priceAttribute = (currency: Currency) => `price_${currency.toLowerCase()}` as const;

/**
 * The distribution the main query counts every inactive group from: one attribute holding
 * all their values (the indexer's COUNTED_ATTRIBUTES), far cheaper than one per group when
 * few works match. An active disjunctive group's own query counts just its own attribute.
 */
export const FACET_VALUES = 'facet_values';

/** The attribute each counted group lists: the attribute of its first row that is not a range. */
export const COUNTED_ATTRIBUTE = Object.fromEntries(
  GROUPS.filter((group) => group !== 'price').map((group) => [group, FILTERS.find((row) => row.group === group && row.kind !== 'range')!.attribute]),
) as Record<Exclude<FilterGroup, 'price'>, CountedAttribute>;

/** The fields a product card is made from, and their version: what the card store fetches for a card it lacks. */
export const CARD_ATTRIBUTES: string[] = [...DISPLAYED_ATTRIBUTES];

/**
 * What a search asks the engine for of each hit: its id and card version, about 30 bytes where
 * the card is 700. The card store (card-store.ts) has the rest.
 */
export const CARD_KEY_ATTRIBUTES: string[] = ['id', 'card_version'];

const SORT_RULES: Record<Sort, string[] | undefined> = {
  best_match: undefined,
  newest: ['created_ts:desc'],
  // Every currency's price is the pound price times one rate, so the pound field orders them all.
  price_asc: ['price_gbp:asc'],
  price_desc: ['price_gbp:desc'],
  popular: ['popularity:desc'],
};

const SAFE_VALUE = /^[A-Za-z0-9][A-Za-z0-9:_-]{0,99}$/;
const SAFE_ATTRIBUTE = /^[a-z_]{1,40}$/;

/** `attr = "value"` (or `!=`), refusing anything outside the vocabulary's alphabet: ('colours', 'red') -> 'colours = "red"'. */
export function expr(attribute: string, value: string | boolean, op: '=' | '!=' = '='): string {
  if (!SAFE_ATTRIBUTE.test(attribute)) throw new Error(`Refusing unsafe filter attribute ${JSON.stringify(attribute)}`);
  if (typeof value === 'boolean') return `${attribute} ${op} ${value}`;
  if (!SAFE_VALUE.test(value)) throw new Error(`Refusing unsafe filter value ${JSON.stringify(value)}`);
  return `${attribute} ${op} "${value}"`;
}

/** `attr IN [...]` of values `expr` allows: one expression however many values, ('slug', ['a', 'b']) -> 'slug IN ["a", "b"]'. */
export function oneOf(attribute: string, values: readonly string[]): string {
  return `${attribute} IN [${values.map((value) => expr(attribute, value).slice(attribute.length + 3)).join(', ')}]`;
}

/** `attr op n` for a finite number: ('width_cm', '>=', 40) -> 'width_cm >= 40'. */
export function comparison(attribute: string, op: '>=' | '<=' | '<', n: number): string {
  if (!SAFE_ATTRIBUTE.test(attribute)) throw new Error(`Refusing unsafe filter attribute ${JSON.stringify(attribute)}`);
  if (!Number.isFinite(n)) throw new Error(`Refusing non-finite filter bound ${n}`);
  return `${attribute} ${op} ${n}`;
}

/** A range row's engine attribute and the factor from its parameters' units to the engine's. */
function rangeScale(row: RangeRow, currency: Currency): { attribute: string; factor: number } {
  return row.unit === 'currency' ? { attribute: priceAttribute(currency), factor: 100 } : { attribute: row.attribute, factor: 1 };
}

/** One row's filter items; none when the row is not set. */
function rowFilter(row: FilterRow, def: GallerySearchDefinition): Filter {
  switch (row.kind) {
    case 'list': {
      if (row.group === 'category') return [];
      const values = def[row.name] as readonly string[];
      return values.length > 0 ? [values.map((v) => expr(row.attribute, v))] : [];
    }
    case 'country': {
      const value = def[row.name];
      return value ? [expr(row.attribute, value)] : [];
    }
    case 'flag':
      if (!def[row.name]) return [];
      // Free shipping is always to one country: the chosen destination, else the default.
      return [row.name === 'free_shipping' ? expr(row.attribute, freeShippingCountry(def)) : expr(row.attribute, true)];
    case 'range': {
      const { attribute, factor } = rangeScale(row, def.currency);
      const min = def[`${row.name}_min`];
      const max = def[`${row.name}_max`];
      return [
        ...(min === undefined ? [] : [comparison(attribute, '>=', min * factor)]),
        ...(max === undefined ? [] : [comparison(attribute, '<=', max * factor)]),
      ];
    }
  }
}

/**
 * Each active group's filter items; inactive groups are absent:
 * { colours: ['red', 'blue'], in_sale: true } -> { colours: [['colours = "red"', 'colours = "blue"']], in_sale: ['in_sale = true'] }.
 */
export function groupFilters(def: GallerySearchDefinition): Partial<Record<FilterGroup, Filter>> {
  const out: Partial<Record<FilterGroup, Filter>> = {};
  for (const row of FILTERS) {
    const items = rowFilter(row, def);
    if (items.length > 0) out[row.group] = [...(out[row.group] ?? []), ...items];
  }
  const categories = categoryPathValues(def);
  if (categories.length > 0) out.category = [categories.map((v) => expr('category_path', v))];
  return out;
}

/** Whether the ships-to counts are of free shipping: a destination is chosen and must ship free. */
function shipsToCountsFreeShipping(def: Pick<GallerySearchDefinition, 'ships_to' | 'free_shipping'>): boolean {
  return Boolean(def.ships_to && def.free_shipping);
}

/** The attribute the ships-to group counts: free destinations when free shipping is on. */
export function shipsToFacetAttribute(def: Pick<GallerySearchDefinition, 'ships_to' | 'free_shipping'>): 'ships_to' | 'free_shipping_to' {
  return shipsToCountsFreeShipping(def) ? 'free_shipping_to' : 'ships_to';
}

/**
 * What narrows the whole search, every facet count included, outside the filters: the artist
 * page's works, and the works a search rule hides:
 * ({ artist: 'ada-lovelace' }, { hides: ['sea'] }) -> ['artist_slug = "ada-lovelace"', 'slug != "sea"'].
 */
export function scopeFilter(def: Pick<GallerySearchDefinition, 'artist'>, levers: Pick<SearchLevers, 'hides'> = NO_LEVERS): Filter {
  return [...(def.artist ? [expr('artist_slug', def.artist)] : []), ...levers.hides.map((slug) => expr('slug', slug, '!='))];
}

/** The scope and all active groups' items but those of `without`. */
export function combineFilters(scope: Filter, filters: Partial<Record<FilterGroup, Filter>>, without: FilterGroup[] = []): Filter {
  return [...scope, ...GROUPS.filter((g) => !without.includes(g)).flatMap((g) => filters[g] ?? [])];
}

const withFilter = <Q extends MeiliQuery>(query: Q, filter: Filter): Q => (filter.length > 0 ? { ...query, filter } : query);

/** The boosted works, the single one first: { product_boost: 'a', multiple_product_boost: ['b', 'a'] } -> ['a', 'b']. */
export function boostedSlugs(def: Pick<GallerySearchDefinition, 'product_boost' | 'multiple_product_boost'>): string[] {
  return distinct([...(def.product_boost ? [def.product_boost] : []), ...def.multiple_product_boost]);
}

export interface SearchPlan {
  queries: MeiliQuery[];
  /** The group each facet query after the first counts, in order. */
  disjunctive: FilterGroup[];
  /** Without words to match: the indexes of the one-hit queries for the cheapest and the dearest work (priceBoundQueries). */
  priceBounds?: { cheapest: number; dearest: number };
  /**
   * With boosted or pinned works: the indexes of the query for those that match and of the
   * query for the rest from `offset` on; the page is cut from the two (pageHits), the boosted
   * works first, each pinned work at its place.
   */
  boost?: { boosted: number; rest: number; offset: number; pins: SearchLevers['pins'] };
  /** With words to match: the index of the one-hit query whose matches show the words the engine reached ("did you mean"). */
  correction?: number;
  /** The indexes of the queries whose hits are card keys (CARD_KEY_ATTRIBUTES), for the card store to make whole. */
  cards: number[];
}

/**
 * The page of results with every facet, as one multi-search: query 0 has every filter and the
 * facets of the inactive groups (and of active conjunctive ones, which it counts exactly); then
 * one count-only query per active disjunctive group, its own filter removed, for that group's
 * facets (disjunctive inside a group, conjunctive across them).
 *
 * Boosted works (`product_boost`, `multiple_product_boost`) that match lead the results, and the
 * works a search rule pins take their places (`levers`); works a rule hides are left out of every
 * query, counts included. With boosted or pinned works query 0 only counts, and two more queries
 * fetch those that match and the rest without them, far enough back that the page can be cut
 * from the two whatever number of them match.
 */
export function buildSearchPlan(def: GallerySearchDefinition, indexUid: string, levers: SearchLevers = NO_LEVERS): SearchPlan {
  const scope = scopeFilter(def, levers);
  const filters = groupFilters(def);
  const isDisjunctive = (g: FilterGroup) => FILTERS.some((row) => row.group === g && row.disjunctive);
  // Without words, the price's bounds come from two sorted hits and the price is counted nowhere.
  const boundsBySort = !def.q;
  const counted = GROUPS.filter((g) => (!filters[g] || !isDisjunctive(g)) && !(g === 'price' && boundsBySort));
  const disjunctive = GROUPS.filter((g) => filters[g] && isDisjunctive(g) && !(g === 'price' && boundsBySort));
  const base = { indexUid, ...(def.q ? { q: def.q } : {}) };
  const sort = SORT_RULES[def.sort];
  const sorted = sort ? { sort } : {};
  const all = combineFilters(scope, filters);
  const boosted = distinct([...boostedSlugs(def), ...levers.pins.map((pin) => pin.slug)]);
  const facets = [
    ...(counted.includes('price') ? [priceAttribute(def.currency)] : []),
    ...(counted.some((g) => g !== 'price') ? [FACET_VALUES] : []),
  ];
  const main = withFilter(
    boosted.length === 0
      ? { ...base, ...(facets.length > 0 ? { facets } : {}), ...sorted, page: def.page, hitsPerPage: def.paginate, attributesToRetrieve: CARD_KEY_ATTRIBUTES }
      : { ...base, ...(facets.length > 0 ? { facets } : {}), page: 1, hitsPerPage: 0 },
    all,
  );
  const facetQueries = disjunctive.map((g) => {
    // With free shipping on, choosing another destination means "ships free there".
    const freeTo = g === 'ships_to' && shipsToCountsFreeShipping(def);
    const facet = g === 'price' ? priceAttribute(def.currency) : freeTo ? shipsToFacetAttribute(def) : COUNTED_ATTRIBUTE[g];
    return withFilter({ ...base, facets: [facet], page: 1, hitsPerPage: 0 }, combineFilters(scope, filters, freeTo ? ['ships_to', 'free_shipping'] : [g]));
  });
  const plan: SearchPlan = { queries: [main, ...facetQueries], disjunctive, cards: boosted.length === 0 ? [0] : [] };
  if (boundsBySort) {
    plan.priceBounds = { cheapest: plan.queries.length, dearest: plan.queries.length + 1 };
    plan.queries.push(...priceBoundQueries(indexUid, combineFilters(scope, filters, ['price'])));
  }
  if (def.q) {
    // The best match in relevance order (fewest typos first, whatever the page's sort), with
    // where each search word was found: the words the engine matched through typo tolerance.
    plan.correction = plan.queries.length;
    plan.queries.push(withFilter({ ...base, offset: 0, limit: 1, attributesToRetrieve: SEARCHED_ATTRIBUTES, showMatchesPosition: true }, all));
  }
  if (boosted.length === 0) return plan;

  const start = (def.page - 1) * def.paginate;
  const offset = Math.max(0, start - boosted.length);
  plan.boost = { boosted: plan.queries.length, rest: plan.queries.length + 1, offset, pins: levers.pins };
  plan.cards = [plan.boost.boosted, plan.boost.rest];
  const hits = { ...base, ...sorted, attributesToRetrieve: CARD_KEY_ATTRIBUTES };
  plan.queries.push(
    { ...hits, filter: [...all, boosted.map((slug) => expr('slug', slug))], offset: 0, limit: boosted.length },
    { ...hits, filter: [...all, ...boosted.map((slug) => expr('slug', slug, '!='))], offset, limit: def.paginate + boosted.length },
  );
  return plan;
}

/**
 * The price slider's bounds as two one-hit searches: the cheapest and the dearest work under
 * `filter` (every filter but the price's own), sorted by the pound price, which orders every
 * currency's. The engine's facet stats find the same two numbers by listing the price's values
 * first: at a million works that took 10 to 350 ms a search, a sorted hit under 1 ms. With words
 * to match the engine ranks by relevance before price, so the first sorted hit need not be the
 * cheapest: a search with words asks for the facet stats instead.
 */
function priceBoundQueries(indexUid: string, filter: Filter): MeiliQuery[] {
  const bound = (direction: 'asc' | 'desc') =>
    withFilter({ indexUid, sort: [`price_gbp:${direction}`], offset: 0, limit: 1, attributesToRetrieve: ['prices'] }, filter);
  return [bound('asc'), bound('desc')];
}

/** The exact number of matches, nothing else: hitsPerPage 0 still counts exactly. */
export function buildCountQuery(def: GallerySearchDefinition, indexUid: string, levers: Pick<SearchLevers, 'hides'> = NO_LEVERS): MeiliQuery {
  return withFilter(
    { indexUid, ...(def.q ? { q: def.q } : {}), page: 1, hitsPerPage: 0 },
    combineFilters(scopeFilter(def, levers), groupFilters(def)),
  );
}

export interface SuggestionsPlan {
  queries: MeiliQuery[];
  /** What query 1 + i counts without; query 0 counts the search itself, the last one the categories. */
  removals: Removal[];
}

/**
 * The ways out of a search, as one multi-search: the search's own count, the count of each
 * widened search (`suggestions.ts`: each word and each active filter group left out), exactly
 * as `_count` counts it, and every category's size in the whole gallery (within the artist's
 * works when `artist` scopes the search).
 */
export function buildSuggestionsPlan(def: GallerySearchDefinition, indexUid: string, levers: Pick<SearchLevers, 'hides'> = NO_LEVERS): SuggestionsPlan {
  const ways = removals(def);
  const categories = withFilter({ indexUid, facets: ['category_path'], page: 1, hitsPerPage: 0 }, scopeFilter(def, levers));
  return {
    queries: [buildCountQuery(def, indexUid, levers), ...ways.map((removal) => buildCountQuery(widen(def, removal), indexUid, levers)), categories],
    removals: ways,
  };
}

export interface PriceBarPlan {
  queries: [MeiliQuery];
  /** The attribute whose facet distribution counts the bars: each work's bar in the currency. */
  attribute: string;
  /** Whole units; max null on the open last bar. */
  bars: { min: number; max: number | null }[];
}

/**
 * The currency's price bars counted in one query: every filter but the price's own, and the
 * facet distribution of the works' bars (each search document carries its bar per currency,
 * priceBand), so the bars cover the whole price range and sum to the price-less count.
 */
export function buildPriceBarPlan(def: GallerySearchDefinition, indexUid: string, levers: Pick<SearchLevers, 'hides'> = NO_LEVERS): PriceBarPlan {
  const edges = priceBarEdges(def.currency);
  const attribute = priceBandAttribute(def.currency);
  const others = combineFilters(scopeFilter(def, levers), groupFilters(def), ['price']);
  const query = withFilter({ indexUid, ...(def.q ? { q: def.q } : {}), facets: [attribute], page: 1, hitsPerPage: 0 }, others);
  return { queries: [query], attribute, bars: edges.map((min, i) => ({ min, max: edges[i + 1] ?? null })) };
}
