import {
  CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, ORIENTATIONS, SHIPPING_COUNTRIES, SIZE_BUCKETS, STYLES, SUBJECTS,
  type Currency,
} from '@easel/data';
import type { SearchHit } from '@easel/indexer';
import {
  categoryPathValue, freeShippingCountry, type FacetValue, type Facets, type GallerySearchDefinition, type ListFacet, type PriceBar,
  type SearchResponse,
} from './contract';
import type { CountedAttribute } from '@easel/indexer';
import { FACET_VALUES, countedAttribute, priceAttribute, shipsToFacetAttribute, type PriceBarPlan, type SearchPlan, type Section } from './meili-request';
import { toProductCard } from './product-card';

/** The parts of a Meilisearch search result the service reads. */
export interface MeiliResult {
  hits: SearchHit[];
  totalHits?: number;
  totalPages?: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, { min: number; max: number }>;
}

/**
 * A search plan's multi-search results -> the contract's response. Facets of an active section
 * come from its own count-only query, the rest from the main query:
 * hits [{ slug: 'sea', … }], totalHits 61, paginate 60 -> { results: [{ url: '/product/sea/', … }], count: 61, num_pages: 2, … }.
 */
export function toSearchResponse(def: GallerySearchDefinition, plan: SearchPlan, results: MeiliResult[]): SearchResponse {
  const main = results[0];
  if (!main) throw new Error('The engine answered without the main result');
  const count = main.totalHits ?? 0;
  const sourceOf = (section: Section): MeiliResult => {
    const i = plan.disjunctive.indexOf(section);
    return (i === -1 ? main : results[i + 1]) ?? main;
  };
  return {
    results: main.hits.map((hit) => toProductCard(hit, def)),
    count,
    num_pages: Math.ceil(count / def.paginate),
    page: def.page,
    facets: toFacets(def, sourceOf),
  };
}

/** The result a section's facets come from. */
type SourceOf = (section: Section) => MeiliResult;

/**
 * A result's counts by counted attribute: its own distributions (an active section's query) and
 * the shared one split once by attribute:
 * { colours: { red: 3 }, facet_values: { 'subject:sea': 2, 'category_path:painting:oil': 1 } }
 * -> colours { red: 3 }, subject { sea: 2 }, category_path { 'painting:oil': 1 }.
 */
function countsByAttribute(result: MeiliResult): Map<string, Record<string, number>> {
  const { [FACET_VALUES]: shared = {}, ...own } = result.facetDistribution ?? {};
  const counts = new Map(Object.entries(own));
  for (const [key, count] of Object.entries(shared)) {
    const at = key.indexOf(':');
    const attribute = key.slice(0, at);
    let values = counts.get(attribute);
    if (!values) counts.set(attribute, (values = {}));
    values[key.slice(at + 1)] = count;
  }
  return counts;
}

function toFacets(def: GallerySearchDefinition, sourceOf: SourceOf): Facets {
  const split = new Map<MeiliResult, Map<string, Record<string, number>>>();
  const dist = (section: Exclude<Section, 'price'>, attribute: CountedAttribute = countedAttribute(section)) => {
    const source = sourceOf(section);
    if (!split.has(source)) split.set(source, countsByAttribute(source));
    return split.get(source)!.get(attribute) ?? {};
  };
  const list = (section: Exclude<Section, 'price'>, values: readonly string[], selected: readonly string[]) =>
    facetList(dist(section), values, selected, def.limit);
  // A toggle has one value, the one its parameter takes; boolean facets are keyed 'true'.
  const flag = (section: Exclude<Section, 'price'>, value: 'true' | 'on') => [{ value, count: dist(section)['true'] ?? 0 }];
  const countries = (section: 'ships_to' | 'ships_from') => {
    const d = dist(section, section === 'ships_to' ? shipsToFacetAttribute(def) : section);
    const values = [...new Set([...SHIPPING_COUNTRIES, ...Object.keys(d).filter((k) => /^[A-Z]{2}$/.test(k))])];
    return facetList(d, values, def[section] ? [def[section]] : [], def.limit);
  };
  // One distribution holds both: bare categories for product_category, pairs for each category's list.
  const categoryPaths = dist('category');
  const lists: Record<ListFacet, FacetValue[]> = {
    size_: list('size', SIZE_BUCKETS, def.size.size_),
    product_category: facetList(categoryPaths, CATEGORY_VALUES, def.product_category, def.limit),
    ...(Object.fromEntries(
      CATEGORY_VALUES.map((c) => {
        const prefixed = Object.fromEntries(CATEGORIES[c].map((s) => [s, categoryPaths[categoryPathValue(c, s)] ?? 0]));
        return [c, facetList(prefixed, CATEGORIES[c], def.category_type[c], def.limit)];
      }),
    ) as Record<(typeof CATEGORY_VALUES)[number], FacetValue[]>),
    subject: list('subject', SUBJECTS, def.subject),
    style: list('style', STYLES, def.style),
    colours: list('colours', COLOUR_VALUES, def.colours),
    shape: list('shape', ORIENTATIONS, def.shape),
    ships_to: countries('ships_to'),
    ships_from: countries('ships_from'),
    in_sale: flag('in_sale', 'on'),
    free_shipping: [{ value: 'true', count: dist('free_shipping')[freeShippingCountry(def)] ?? 0 }],
    framed_or_ready_to_hang: flag('framed_or_ready_to_hang', 'true'),
    has_fine_art_prints: flag('has_fine_art_prints', 'true'),
    verified_advertising_safe: flag('verified_advertising_safe', 'true'),
  };
  return { price: priceBounds(def.currency, sourceOf('price')), ...lists };
}

/**
 * Counts for the vocabulary's values, most first (ties in vocabulary order), cut to `limit`
 * but never dropping a chosen value: ({ red: 3, blue: 5 }, ['red', 'blue', 'green'], [], 2)
 * -> [{ value: 'blue', count: 5 }, { value: 'red', count: 3 }].
 */
export function facetList(
  distribution: Record<string, number>,
  values: readonly string[],
  selected: readonly string[],
  limit: number,
): FacetValue[] {
  const all = values.map((value, order) => ({ value, count: distribution[value] ?? 0, order }));
  all.sort((a, b) => b.count - a.count || a.order - b.order);
  const shown = all.slice(0, limit);
  for (const item of all.slice(limit)) if (selected.includes(item.value)) shown.push(item);
  return shown.map(({ value, count }) => ({ value, count }));
}

/** Engine stats in minor units -> whole-unit bounds that contain every price: 13950..99 -> 139..1. */
function priceBounds(currency: Currency, source: MeiliResult): Facets['price'] {
  const stats = source.facetStats?.[priceAttribute(currency)];
  if (!stats) return null;
  return { currency, min: Math.floor(stats.min / 100), max: Math.ceil(stats.max / 100) };
}

/** Price bar plan + its counts -> the `_prices` response. */
export function toPriceBars(plan: PriceBarPlan, results: MeiliResult[]): PriceBar[] {
  return plan.bars.map((bar, i) => ({ ...bar, count: results[i]?.totalHits ?? 0 }));
}
