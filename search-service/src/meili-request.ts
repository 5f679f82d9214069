import { CATEGORY_VALUES, type Category, type Currency } from '@easel/data';
import { DISPLAYED_ATTRIBUTES, type CountedAttribute } from '@easel/indexer';
import { categoryPathValue, freeShippingCountry, type GallerySearchDefinition, type Sort } from './contract';
import { priceBarEdges } from './price-bars';

/**
 * The gallery search definition -> Meilisearch multi-search queries. Pure. Filters are arrays
 * (AND of items, an inner array is an OR) of `attr = "value"` expressions built only from
 * values the contract has already validated against the vocabulary; `expr` re-checks them.
 */

/** The filter panel's sections (plus the three toggles), each filtering independently. */
export const SECTIONS = [
  'price', 'size', 'category', 'subject', 'style', 'colours', 'shape', 'ships_to', 'ships_from',
  'in_sale', 'free_shipping', 'framed_or_ready_to_hang', 'has_fine_art_prints', 'verified_advertising_safe',
] as const;
export type Section = (typeof SECTIONS)[number];

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
  attributesToRetrieve?: string[];
}

export const priceAttribute = (currency: Currency) => `price_${currency.toLowerCase()}` as const;

/**
 * The distribution the main query counts every inactive section from: one attribute holding
 * all their values (the indexer's COUNTED_ATTRIBUTES), far cheaper than one per section when
 * few works match. An active section's own query counts just its own attribute.
 */
export const FACET_VALUES = 'facet_values';

/** The attribute whose values a section lists (the price's stats aside). */
export function countedAttribute(section: Exclude<Section, 'price'>): CountedAttribute {
  switch (section) {
    case 'size': return 'size_bucket';
    // Bare categories and 'category:subcategory' pairs share one attribute, so one distribution.
    case 'category': return 'category_path';
    case 'shape': return 'orientation';
    case 'free_shipping': return 'free_shipping_to';
    default: return section;
  }
}

/** The fields a product card is made from; nothing else leaves the engine. */
export const CARD_ATTRIBUTES: string[] = [...DISPLAYED_ATTRIBUTES];

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

/** `attr = "value"`, refusing anything outside the vocabulary's alphabet: ('colours', 'red') -> 'colours = "red"'. */
export function expr(attribute: string, value: string | boolean): string {
  if (!SAFE_ATTRIBUTE.test(attribute)) throw new Error(`Refusing unsafe filter attribute ${JSON.stringify(attribute)}`);
  if (typeof value === 'boolean') return `${attribute} = ${value}`;
  if (!SAFE_VALUE.test(value)) throw new Error(`Refusing unsafe filter value ${JSON.stringify(value)}`);
  return `${attribute} = "${value}"`;
}

/** `attr op n` for a finite number: ('width_cm', '>=', 40) -> 'width_cm >= 40'. */
export function comparison(attribute: string, op: '>=' | '<=' | '<', n: number): string {
  if (!SAFE_ATTRIBUTE.test(attribute)) throw new Error(`Refusing unsafe filter attribute ${JSON.stringify(attribute)}`);
  if (!Number.isFinite(n)) throw new Error(`Refusing non-finite filter bound ${n}`);
  return `${attribute} ${op} ${n}`;
}

/** The categories a definition names, directly or through one of their subcategories. */
function chosenCategories(def: GallerySearchDefinition): Category[] {
  return CATEGORY_VALUES.filter((c) => def.product_category.includes(c) || def.category_type[c].length > 0);
}

/**
 * Each active section's filter items; inactive sections are absent:
 * { colours: ['red', 'blue'], in_sale: true } -> { colours: [['colours = "red"', 'colours = "blue"']], in_sale: ['in_sale = true'] }.
 */
export function sectionFilters(def: GallerySearchDefinition): Partial<Record<Section, Filter>> {
  const out: Partial<Record<Section, Filter>> = {};
  const anyOf = (section: Section, attribute: string, values: readonly string[]) => {
    if (values.length > 0) out[section] = [values.map((v) => expr(attribute, v))];
  };

  const price: Filter = [];
  const priceAttr = priceAttribute(def.currency);
  if (def.price.price_min !== undefined) price.push(comparison(priceAttr, '>=', def.price.price_min * 100));
  if (def.price.price_max !== undefined) price.push(comparison(priceAttr, '<=', def.price.price_max * 100));
  if (price.length > 0) out.price = price;

  const size: Filter = [];
  if (def.size.size_.length > 0) size.push(def.size.size_.map((b) => expr('size_bucket', b)));
  if (def.size.width_min !== undefined) size.push(comparison('width_cm', '>=', def.size.width_min));
  if (def.size.width_max !== undefined) size.push(comparison('width_cm', '<=', def.size.width_max));
  if (def.size.height_min !== undefined) size.push(comparison('height_cm', '>=', def.size.height_min));
  if (def.size.height_max !== undefined) size.push(comparison('height_cm', '<=', def.size.height_max));
  if (size.length > 0) out.size = size;

  // A category with subcategories chosen narrows to those; without, it takes the whole category.
  // Both are values of category_path, so the section is one OR over one attribute, as
  // InstantSearch's refinement list over category_path writes it.
  const categories = chosenCategories(def).flatMap((c) => {
    const subs = def.category_type[c];
    return (subs.length > 0 ? subs.map((s) => categoryPathValue(c, s)) : [c]).map((v) => expr('category_path', v));
  });
  if (categories.length > 0) out.category = [categories];

  anyOf('subject', 'subject', def.subject);
  anyOf('style', 'style', def.style);
  anyOf('colours', 'colours', def.colours);
  anyOf('shape', 'orientation', def.shape);
  if (def.ships_to) out.ships_to = [expr('ships_to', def.ships_to)];
  if (def.ships_from) out.ships_from = [expr('ships_from', def.ships_from)];
  if (def.in_sale) out.in_sale = [expr('in_sale', true)];
  if (def.free_shipping) out.free_shipping = [expr('free_shipping_to', freeShippingCountry(def))];
  if (def.framed_or_ready_to_hang) out.framed_or_ready_to_hang = [expr('framed_or_ready_to_hang', true)];
  if (def.has_fine_art_prints) out.has_fine_art_prints = [expr('has_fine_art_prints', true)];
  if (def.verified_advertising_safe) out.verified_advertising_safe = [expr('verified_advertising_safe', true)];
  return out;
}

/** Whether the ships-to counts are of free shipping: a destination is chosen and must ship free. */
function shipsToCountsFreeShipping(def: Pick<GallerySearchDefinition, 'ships_to' | 'free_shipping'>): boolean {
  return Boolean(def.ships_to && def.free_shipping);
}

/** The attribute the ships-to section counts: free destinations when free shipping is on. */
export function shipsToFacetAttribute(def: Pick<GallerySearchDefinition, 'ships_to' | 'free_shipping'>): 'ships_to' | 'free_shipping_to' {
  return shipsToCountsFreeShipping(def) ? 'free_shipping_to' : 'ships_to';
}

/**
 * What narrows the whole search, every facet count included, outside the sections:
 * { artist: 'ada-lovelace' } -> ['artist_slug = "ada-lovelace"'] (the artist page's works).
 */
export function scopeFilter(def: Pick<GallerySearchDefinition, 'artist'>): Filter {
  return def.artist ? [expr('artist_slug', def.artist)] : [];
}

/** The scope and all active sections' items but those of `without`. */
export function combineFilters(scope: Filter, filters: Partial<Record<Section, Filter>>, without: Section[] = []): Filter {
  return [...scope, ...SECTIONS.filter((s) => !without.includes(s)).flatMap((s) => filters[s] ?? [])];
}

const withFilter = (query: MeiliQuery, filter: Filter): MeiliQuery => (filter.length > 0 ? { ...query, filter } : query);

export interface SearchPlan {
  queries: MeiliQuery[];
  /** The section each query after the first counts facets for, in order. */
  disjunctive: Section[];
}

/**
 * The page of results with every facet, as one multi-search: query 0 has every filter and the
 * facets of the inactive sections; then one count-only query per active section, its own filter
 * removed, for that section's facets (disjunctive inside a section, conjunctive across them).
 */
export function buildSearchPlan(def: GallerySearchDefinition, indexUid: string): SearchPlan {
  const scope = scopeFilter(def);
  const filters = sectionFilters(def);
  const active = SECTIONS.filter((s) => filters[s]);
  const inactive = SECTIONS.filter((s) => !filters[s]);
  const base = { indexUid, ...(def.q ? { q: def.q } : {}) };
  const sort = SORT_RULES[def.sort];
  const main = withFilter(
    {
      ...base,
      facets: [
        ...(inactive.includes('price') ? [priceAttribute(def.currency)] : []),
        ...(inactive.some((s) => s !== 'price') ? [FACET_VALUES] : []),
      ],
      ...(sort ? { sort } : {}),
      page: def.page,
      hitsPerPage: def.paginate,
      attributesToRetrieve: CARD_ATTRIBUTES,
    },
    combineFilters(scope, filters),
  );
  const facetQueries = active.map((s) => {
    // With free shipping on, choosing another destination means "ships free there".
    const freeTo = s === 'ships_to' && shipsToCountsFreeShipping(def);
    const facet = s === 'price' ? priceAttribute(def.currency) : freeTo ? shipsToFacetAttribute(def) : countedAttribute(s);
    return withFilter(
      { ...base, facets: [facet], page: 1, hitsPerPage: 0 },
      combineFilters(scope, filters, freeTo ? ['ships_to', 'free_shipping'] : [s]),
    );
  });
  return { queries: [main, ...facetQueries], disjunctive: active };
}

/** The exact number of matches, nothing else: hitsPerPage 0 still counts exactly. */
export function buildCountQuery(def: GallerySearchDefinition, indexUid: string): MeiliQuery {
  return withFilter(
    { indexUid, ...(def.q ? { q: def.q } : {}), page: 1, hitsPerPage: 0 },
    combineFilters(scopeFilter(def), sectionFilters(def)),
  );
}

export interface PriceBarPlan {
  queries: MeiliQuery[];
  /** Whole units; max null on the open last bar. */
  bars: { min: number; max: number | null }[];
}

/**
 * One count-only query per price bar of the currency's ladder, every filter but the price's
 * own, so the bars cover the whole price range and sum to the price-less count.
 */
export function buildPriceBarPlan(def: GallerySearchDefinition, indexUid: string): PriceBarPlan {
  const edges = priceBarEdges(def.currency);
  const attr = priceAttribute(def.currency);
  const others = combineFilters(scopeFilter(def), sectionFilters(def), ['price']);
  const bars = edges.map((min, i) => ({ min, max: edges[i + 1] ?? null }));
  const queries = bars.map(({ min, max }) =>
    withFilter({ indexUid, ...(def.q ? { q: def.q } : {}), page: 1, hitsPerPage: 0 }, [
      ...others,
      ...(min > 0 ? [comparison(attr, '>=', min * 100)] : []),
      ...(max !== null ? [comparison(attr, '<', max * 100)] : []),
    ]),
  );
  return { queries, bars };
}
