import * as z from 'zod/mini';
import type { CountedAttribute, RangeAttribute } from '@easel/shared/search-attributes';
import {
  CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, ORIENTATIONS, SIZE_BUCKETS, STYLES, SUBJECTS, type Category,
} from '@easel/shared/vocabulary';

/**
 * The gallery's filters, declared once. Each row is one filter: its query parameter(s), the
 * index attribute it filters and counts (one of `@easel/shared/search-attributes`, the list the
 * indexer's documents are written from), its kind, whether its counts leave its own filter
 * out (disjunctive), its units, its label and the panel section whose reset clears it. The
 * contract's zod schema and types, the query string, the OpenAPI, the Meilisearch request,
 * the InstantSearch UI state, the panel, the chips and the resets are all made from it.
 *
 * Kinds and their parameters:
 * - list: a repeatable parameter of vocabulary values, any of which may match (colours=red&colours=blue);
 *   the panel lists them most matches first, or in their own order when they are steps of a
 *   `scale` (small to oversized);
 * - country: one ISO country code (ships_to=FR);
 * - flag: absent or its one literal (in_sale=on, framed_or_ready_to_hang=true);
 * - range: `<name>_min` and `<name>_max`, inclusive, in whole units of the search's currency
 *   (unit 'currency', the engine holds minor units per currency) or in centimetres (unit 'cm').
 *
 * Adding a filter: docs/ARCHITECTURE.md, "A new gallery filter". Browser-safe: vocabulary only.
 */

/** The filter panel's eleven sections in SPEC section 2's order, with their titles' message keys. */
export const PANEL_SECTIONS = {
  price: 'gallery.price',
  size: 'gallery.size',
  category: 'gallery.category',
  subject: 'gallery.subject',
  shipTo: 'gallery.shipsTo',
  shipFrom: 'gallery.shipsFrom',
  prints: 'gallery.prints',
  framed: 'gallery.framed',
  style: 'gallery.style',
  colour: 'gallery.colour',
  orientation: 'gallery.orientation',
} as const;
export type PanelSection = keyof typeof PANEL_SECTIONS;

const CATEGORY_LIST = CATEGORY_VALUES as unknown as readonly [Category, ...Category[]];

/** A category's subcategory list: its values are stored in the index as 'painting:oil'. */
const subcategories = <const C extends Category>(parent: C) =>
  ({ name: parent, kind: 'list', values: CATEGORIES[parent], attribute: 'category_path', parent, group: 'category', disjunctive: true, section: 'category', label: `Type of ${parent}` }) as const;

/** What a row declares, by kind: a range filters a range attribute, every other kind a counted one. */
type RowShape = { name: string; group: string; disjunctive: boolean; section: PanelSection | null; label: string } & (
  | { kind: 'list'; attribute: CountedAttribute; values: readonly [string, ...string[]]; parent?: Category; scale?: true }
  | { kind: 'flag'; attribute: CountedAttribute; on: 'true' | 'on' }
  | { kind: 'country'; attribute: CountedAttribute }
  | { kind: 'range'; attribute: RangeAttribute; unit: 'currency' | 'cm' }
);

/**
 * The rows, in panel order. `group` names the rows that filter as one (the size buckets with
 * the width and height, the categories with their subcategories): a disjunctive group's counts
 * leave out the whole group's filter. `section: null` is a filter with no place in the panel,
 * which only an address sets and reset all clears.
 */
export const FILTERS = [
  { name: 'price', kind: 'range', unit: 'currency', attribute: 'price', group: 'price', disjunctive: true, section: 'price', label: 'Price' },
  { name: 'in_sale', kind: 'flag', on: 'on', attribute: 'in_sale', group: 'in_sale', disjunctive: false, section: 'price', label: 'On sale' },
  { name: 'size_', kind: 'list', values: SIZE_BUCKETS, scale: true, attribute: 'size_bucket', group: 'size', disjunctive: true, section: 'size', label: 'Size' },
  { name: 'width', kind: 'range', unit: 'cm', attribute: 'width_cm', group: 'size', disjunctive: true, section: 'size', label: 'Width' },
  { name: 'height', kind: 'range', unit: 'cm', attribute: 'height_cm', group: 'size', disjunctive: true, section: 'size', label: 'Height' },
  { name: 'product_category', kind: 'list', values: CATEGORY_LIST, attribute: 'category_path', group: 'category', disjunctive: true, section: 'category', label: 'Category' },
  subcategories('painting'),
  subcategories('sculpture'),
  subcategories('photography'),
  subcategories('drawing'),
  subcategories('prints'),
  { name: 'subject', kind: 'list', values: SUBJECTS, attribute: 'subject', group: 'subject', disjunctive: true, section: 'subject', label: 'Subject' },
  { name: 'ships_to', kind: 'country', attribute: 'ships_to', group: 'ships_to', disjunctive: true, section: 'shipTo', label: 'Ships to' },
  { name: 'free_shipping', kind: 'flag', on: 'true', attribute: 'free_shipping_to', group: 'free_shipping', disjunctive: false, section: 'shipTo', label: 'Free shipping' },
  { name: 'ships_from', kind: 'country', attribute: 'ships_from', group: 'ships_from', disjunctive: true, section: 'shipFrom', label: 'Ships from' },
  { name: 'has_fine_art_prints', kind: 'flag', on: 'true', attribute: 'has_fine_art_prints', group: 'has_fine_art_prints', disjunctive: false, section: 'prints', label: 'Fine art prints available' },
  { name: 'framed_or_ready_to_hang', kind: 'flag', on: 'true', attribute: 'framed_or_ready_to_hang', group: 'framed_or_ready_to_hang', disjunctive: false, section: 'framed', label: 'Framed or ready to hang' },
  { name: 'style', kind: 'list', values: STYLES, attribute: 'style', group: 'style', disjunctive: true, section: 'style', label: 'Style' },
  { name: 'colours', kind: 'list', values: COLOUR_VALUES as unknown as readonly [string, ...string[]], attribute: 'colours', group: 'colours', disjunctive: true, section: 'colour', label: 'Colour' },
  { name: 'shape', kind: 'list', values: ORIENTATIONS, attribute: 'orientation', group: 'shape', disjunctive: true, section: 'orientation', label: 'Orientation' },
  { name: 'verified_advertising_safe', kind: 'flag', on: 'true', attribute: 'verified_advertising_safe', group: 'verified_advertising_safe', disjunctive: false, section: null, label: 'Verified' },
] as const satisfies readonly RowShape[];

export type FilterRow = (typeof FILTERS)[number];
export type FilterName = FilterRow['name'];
export type ListRow = Extract<FilterRow, { kind: 'list' }>;
export type RangeRow = Extract<FilterRow, { kind: 'range' }>;
export type FlagRow = Extract<FilterRow, { kind: 'flag' }>;
export type CountryRow = Extract<FilterRow, { kind: 'country' }>;
export type FilterGroup = FilterRow['group'];
/** The filter groups, in panel order: rows of one group filter, and are counted, as one. */
export const GROUPS = [...new Set(FILTERS.map((row) => row.group))] as [FilterGroup, ...FilterGroup[]];
export type RangeParam = `${RangeRow['name']}_${'min' | 'max'}`;

/** Holds when nothing is left over: `NoneLeft<'signed'>` fails to compile. */
type NoneLeft<T extends never> = T;
/** Every counted attribute has a row: one added to the shared list fails to compile here until its row is written. */
export type AttributesWithoutRow = NoneLeft<Exclude<CountedAttribute, FilterRow['attribute']>>;

// ---------------------------------------------------------------------------------------------
// Parameter schemas, one builder per kind

/** A whole number written in decimal digits only: '60' -> 60; '6e1', ' 60', '-1' are rejected. */
export const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'must be a whole number')), z.transform(Number)),
    z.int().check(z.minimum(min, `must be at least ${min}`), z.maximum(max, `must be at most ${max}`)),
  );

/** Centimetres, up to one decimal place: '40', '40.5'. */
const centimetres = z.pipe(z.string().check(z.regex(/^\d{1,4}(\.\d)?$/, 'must be a number of cm such as 40 or 40.5')), z.transform(Number));

export const MAX_PRICE = 10_000_000;
const wholeUnits = wholeNumber(0, MAX_PRICE);

/** An ISO 3166-1 alpha-2 code in capitals; only letters reach a filter expression. */
export const countryCode = z.string().check(z.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as GB'));

/** Keeps the first of each value, in order: ['blue', 'red', 'blue'] -> ['blue', 'red']. */
export const distinct = <T>(list: readonly T[]): T[] => [...new Set(list)];

/** A repeatable enum parameter: a value given twice counts once. */
const listOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z._default(z.pipe(z.array(z.enum(values, { error: `must be one of ${values.join(', ')}` })), z.transform(distinct)), []);

/** A flag that is either absent or the one accepted literal. */
const flag = <const L extends 'true' | 'on'>(literal: L) =>
  z.pipe(z.optional(z.literal(literal, { error: `must be '${literal}' or left out` })), z.transform((v) => v !== undefined));

const countryParam = z.optional(countryCode);
const priceParam = z.optional(wholeUnits);
const cmParam = z.optional(centimetres);

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Each row's parameter schemas, by kind: a range has two, every other row one. */
type ParamsOf<R> =
  R extends { kind: 'list'; name: infer N extends string; values: infer V extends readonly [string, ...string[]] } ? { [K in N]: ReturnType<typeof listOf<V>> }
  : R extends { kind: 'flag'; name: infer N extends string; on: infer L extends 'true' | 'on' } ? { [K in N]: ReturnType<typeof flag<L>> }
  : R extends { kind: 'country'; name: infer N extends string } ? { [K in N]: typeof countryParam }
  : R extends { kind: 'range'; unit: 'currency'; name: infer N extends string } ? { [K in `${N}_min` | `${N}_max`]: typeof priceParam }
  : R extends { kind: 'range'; unit: 'cm'; name: infer N extends string } ? { [K in `${N}_min` | `${N}_max`]: typeof cmParam }
  : never;
export type FilterParamsShape = UnionToIntersection<ParamsOf<FilterRow>>;
/**
 * A filter's query parameter: 'price_min', 'colours', 'painting', … A table keyed by it
 * (`satisfies Record<FilterParam, …>`) fails to compile until a new filter has its entry.
 */
export type FilterParam = keyof FilterParamsShape;

function paramSchemas(row: FilterRow): [string, z.ZodMiniType][] {
  switch (row.kind) {
    case 'list': return [[row.name, listOf(row.values)]];
    case 'flag': return [[row.name, flag(row.on)]];
    case 'country': return [[row.name, countryParam]];
    case 'range': {
      const bound = row.unit === 'currency' ? priceParam : cmParam;
      return [[`${row.name}_min`, bound], [`${row.name}_max`, bound]];
    }
  }
}

/** Every filter parameter's schema, in panel order. */
export const filterParamsShape = Object.fromEntries(FILTERS.flatMap(paramSchemas)) as unknown as FilterParamsShape;

/** The parameters a row reads and writes: 'price' -> ['price_min', 'price_max'], 'colours' -> ['colours']. */
export function paramsOfRow(row: FilterRow): FilterParam[] {
  return row.kind === 'range' ? [`${row.name}_min`, `${row.name}_max`] : [row.name];
}

export const filterRow = (name: string): FilterRow | undefined => FILTERS.find((row) => row.name === name);

/** The rows a panel section shows and its reset clears: 'size' -> size_, width, height. */
export const rowsOfSection = (section: PanelSection): FilterRow[] => FILTERS.filter((row) => row.section === section);

/** A range bound's name as a shopper reads it: 'price_min' -> 'Minimum price'. */
export function rangeBoundLabel(row: RangeRow, bound: 'min' | 'max'): string {
  return `${bound === 'min' ? 'Minimum' : 'Maximum'} ${row.label.toLowerCase()}`;
}

/** Every filter parameter's name as shoppers know it: { price_min: 'Minimum price', colours: 'Colour', … }. */
export const FILTER_PARAM_LABELS: Record<string, string> = Object.fromEntries(
  FILTERS.flatMap((row): [string, string][] =>
    row.kind === 'range' ? [[`${row.name}_min`, rangeBoundLabel(row, 'min')], [`${row.name}_max`, rangeBoundLabel(row, 'max')]] : [[row.name, row.label]],
  ),
);
