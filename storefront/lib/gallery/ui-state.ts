import type { IndexUiState } from 'instantsearch.js';
import { CATEGORIES, CATEGORY_VALUES, type Category, type Currency } from '@easel/data/vocabulary';
import {
  DEFAULT_SHIP_TO, SORTS, galleryParamsSchema, toDefinition,
  type GallerySearchDefinition, type Sort,
} from '@easel/search-service/contract';

/**
 * The search definition <-> React InstantSearch's UI state, and the widgets both need. The
 * definition is the gallery's state (it is what the address and the panel speak); InstantSearch
 * is how the page searches. Pure and browser-safe, so the server renders the same widgets.
 */

/** The search service pins the real index; this name only carries the sort to instant-meilisearch. */
export const INDEX_NAME = 'artworks';

const SORT_INDEX: Record<Sort, string> = {
  best_match: INDEX_NAME,
  newest: `${INDEX_NAME}:created_ts:desc`,
  price_asc: `${INDEX_NAME}:price_gbp:asc`,
  price_desc: `${INDEX_NAME}:price_gbp:desc`,
  popular: `${INDEX_NAME}:popularity:desc`,
};
export const SORT_ITEMS = SORTS.map((sort) => ({ value: SORT_INDEX[sort], label: sort }));

export const priceAttribute = (currency: Currency) => `price_${currency.toLowerCase()}`;

/** Refinement lists: the panel's list sections, each one disjunctive (OR) inside. */
export const LIST_ATTRIBUTES = ['category_path', 'subject', 'style', 'colours', 'orientation', 'size_bucket', 'ships_to', 'ships_from', 'free_shipping_to'] as const;
export type ListAttribute = (typeof LIST_ATTRIBUTES)[number];
/** Yes-or-absent filters. */
export const TOGGLE_ATTRIBUTES = ['in_sale', 'framed_or_ready_to_hang', 'has_fine_art_prints', 'verified_advertising_safe'] as const;
export type ToggleAttribute = (typeof TOGGLE_ATTRIBUTES)[number];

/** Lists the panel shows in full rather than cut at `limit`. */
const FULL_LISTS: ReadonlySet<ListAttribute> = new Set(['category_path', 'ships_to', 'ships_from', 'free_shipping_to']);
const ALL_VALUES = 100;

/** The parameters of every widget for a definition; the client's hooks and the server's connectors take the same. */
export function widgetParams(def: Pick<GallerySearchDefinition, 'currency' | 'limit' | 'paginate'>) {
  return {
    lists: Object.fromEntries(
      LIST_ATTRIBUTES.map((attribute) => [
        attribute,
        FULL_LISTS.has(attribute)
          ? { attribute, operator: 'or' as const, limit: ALL_VALUES }
          : { attribute, operator: 'or' as const, limit: def.limit, showMore: true, showMoreLimit: ALL_VALUES },
      ]),
    ) as Record<ListAttribute, { attribute: ListAttribute; operator: 'or'; limit: number; showMore?: boolean; showMoreLimit?: number }>,
    toggles: Object.fromEntries(TOGGLE_ATTRIBUTES.map((attribute) => [attribute, { attribute, on: true }])) as Record<ToggleAttribute, { attribute: ToggleAttribute; on: true }>,
    price: { attribute: priceAttribute(def.currency) },
    width: { attribute: 'width_cm' },
    height: { attribute: 'height_cm' },
    sortBy: { items: SORT_ITEMS },
    configure: { hitsPerPage: def.paginate },
  };
}

/** ('painting', 'oil') -> 'painting:oil'; the index's category_path holds both 'painting' and 'painting:oil'. */
const categoryPath = (category: Category, sub?: string) => (sub ? `${category}:${sub}` : category);

/** min/max -> InstantSearch's range text: (100, undefined) -> '100:'. */
const rangeText = (min: number | undefined, max: number | undefined) =>
  min === undefined && max === undefined ? undefined : `${min ?? ''}:${max ?? ''}`;

/**
 * A definition -> the UI state that searches for it:
 * { colours: ['blue'], price: { price_min: 100 }, currency: 'GBP' } ->
 * { refinementList: { colours: ['blue'] }, range: { price_gbp: '10000:' }, … }.
 */
export function toUiState(def: GallerySearchDefinition): IndexUiState {
  // A category with subcategories chosen means just those; without, the whole category.
  const categories = CATEGORY_VALUES.filter((c) => def.product_category.includes(c) || def.category_type[c].length > 0).flatMap((c) =>
    def.category_type[c].length > 0 ? def.category_type[c].map((s) => categoryPath(c, s)) : [categoryPath(c)],
  );
  const lists: Partial<Record<ListAttribute, string[]>> = {
    category_path: categories,
    subject: def.subject,
    style: def.style,
    colours: def.colours,
    orientation: def.shape,
    size_bucket: def.size.size_,
    ships_to: def.ships_to ? [def.ships_to] : [],
    ships_from: def.ships_from ? [def.ships_from] : [],
    free_shipping_to: def.free_shipping ? [def.ships_to ?? DEFAULT_SHIP_TO] : [],
  };
  const refinementList = Object.fromEntries(Object.entries(lists).filter(([, values]) => values.length > 0).map(([k, v]) => [k, [...v]]));
  const toggle = Object.fromEntries(TOGGLE_ATTRIBUTES.filter((t) => def[t]).map((t) => [t, true]));
  const range: Record<string, string> = {};
  const toMinor = (n: number | undefined) => (n === undefined ? undefined : n * 100);
  const price = rangeText(toMinor(def.price.price_min), toMinor(def.price.price_max));
  if (price) range[priceAttribute(def.currency)] = price;
  const width = rangeText(def.size.width_min, def.size.width_max);
  if (width) range.width_cm = width;
  const height = rangeText(def.size.height_min, def.size.height_max);
  if (height) range.height_cm = height;

  const state: IndexUiState = { configure: { hitsPerPage: def.paginate } };
  if (def.q) state.query = def.q;
  if (def.page > 1) state.page = def.page;
  if (def.sort !== 'best_match') state.sortBy = SORT_INDEX[def.sort];
  if (Object.keys(refinementList).length > 0) state.refinementList = refinementList;
  if (Object.keys(toggle).length > 0) state.toggle = toggle;
  if (Object.keys(range).length > 0) state.range = range;
  return state;
}

/**
 * A UI state -> the definition it searches for; the inverse of `toUiState`. Values the
 * contract would refuse (a hand-made state) are dropped, so the result always validates.
 */
export function fromUiState(state: IndexUiState, base: Pick<GallerySearchDefinition, 'currency' | 'limit'>): GallerySearchDefinition {
  const lists = state.refinementList ?? {};
  const range = (attribute: string) => {
    const [min, max] = (state.range?.[attribute] ?? ':').split(':');
    const num = (s: string | undefined) => (s === undefined || s === '' || !Number.isFinite(Number(s)) ? undefined : Number(s));
    return { min: num(min), max: num(max) };
  };
  const price = range(priceAttribute(base.currency));
  const width = range('width_cm');
  const height = range('height_cm');
  const wholeUnits = (minor: number | undefined, round: (n: number) => number) => (minor === undefined ? undefined : round(minor / 100));
  const sort = (Object.entries(SORT_INDEX).find(([, index]) => index === state.sortBy)?.[0] ?? 'best_match') as Sort;

  const params: Record<string, unknown> = {
    q: state.query,
    sort,
    page: String(state.page ?? 1),
    paginate: String(state.configure?.hitsPerPage ?? 60),
    limit: String(base.limit),
    currency: base.currency,
    price_min: numberText(wholeUnits(price.min, Math.floor)),
    price_max: numberText(wholeUnits(price.max, Math.ceil)),
    size_: lists.size_bucket ?? [],
    width_min: numberText(width.min),
    width_max: numberText(width.max),
    height_min: numberText(height.min),
    height_max: numberText(height.max),
    in_sale: state.toggle?.in_sale ? 'on' : undefined,
    free_shipping: (lists.free_shipping_to ?? []).length > 0 ? 'true' : undefined,
    framed_or_ready_to_hang: state.toggle?.framed_or_ready_to_hang ? 'true' : undefined,
    has_fine_art_prints: state.toggle?.has_fine_art_prints ? 'true' : undefined,
    verified_advertising_safe: state.toggle?.verified_advertising_safe ? 'true' : undefined,
    shape: lists.orientation ?? [],
    colours: lists.colours ?? [],
    style: lists.style ?? [],
    subject: lists.subject ?? [],
    ships_to: lists.ships_to?.[0],
    ships_from: lists.ships_from?.[0],
    product_category: [],
    ...Object.fromEntries(CATEGORY_VALUES.map((c) => [c, []])),
  };
  for (const path of lists.category_path ?? []) {
    const [category, sub] = path.split(':') as [Category, string | undefined];
    if (!CATEGORY_VALUES.includes(category)) continue;
    if (sub === undefined) (params.product_category as string[]).push(category);
    else if ((CATEGORIES[category] as readonly string[]).includes(sub)) (params[category] as string[]).push(sub);
  }
  // Parse field by field so one bad value costs only itself.
  const shape = galleryParamsSchema.shape;
  const clean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const field = shape[name as keyof typeof shape];
    if (field.safeParse(value).success) clean[name] = value;
  }
  const parsed = galleryParamsSchema.safeParse(clean);
  // Only an inverted range fails as a whole; then the ranges go.
  const data = parsed.success
    ? parsed.data
    : galleryParamsSchema.parse({ ...clean, price_max: undefined, width_max: undefined, height_max: undefined });
  return toDefinition(data);
}

const numberText = (n: number | undefined) => (n === undefined ? undefined : String(n));
