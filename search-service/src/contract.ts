import { z } from 'zod';
import {
  CATEGORIES, CATEGORY_VALUES, COLOUR_VALUES, CURRENCIES, ORIENTATIONS, SIZE_BUCKETS, STYLES, SUBJECTS,
  type Category, type Subcategory,
} from '@easel/data/vocabulary';

/**
 * The gallery search contract (SPEC section 3): the query parameters of
 * `GET /api/v2/product/s/`, the typed definition they parse into, and the response shapes.
 * The search-service owns it; the storefront, the indexer and k6 import it. Browser-safe: no
 * Node imports, vocabulary only from `@easel/data/vocabulary`.
 */

export const SORTS = ['best_match', 'newest', 'price_asc', 'price_desc', 'popular'] as const;
export type Sort = (typeof SORTS)[number];

/** SPEC section 9: gallery paginate 60, limit 12. */
export const DEFAULT_PAGINATE = 60;
export const MAX_PAGINATE = 120;
export const DEFAULT_FACET_LIMIT = 12;
export const MAX_FACET_LIMIT = 100;
/** Deeper than any shopper pages; bounds the engine's offset work. */
export const MAX_PAGE = 1000;
export const MAX_QUERY_LENGTH = 200;
/** Catalogue slugs are at most 80 characters plus a '-<n>' that makes them unique. */
export const MAX_SLUG_LENGTH = 100;
/** free_shipping without ships_to means free shipping to the shopper's default country. */
export const DEFAULT_SHIP_TO = 'GB';

/**
 * A subcategory's value in the index's `category_path`, which holds each work's bare category
 * and this pair (subcategory names repeat across categories): ('painting', 'oil') -> 'painting:oil'.
 * The category section filters and counts on those values, as an InstantSearch refinement list does.
 */
export const categoryPathValue = (category: string, subcategory: string) => `${category}:${subcategory}`;

/** The country free shipping is judged against: ({ ships_to: 'US' }) -> 'US', ({}) -> 'GB'. */
export const freeShippingCountry = (def: { ships_to?: string | undefined }) => def.ships_to ?? DEFAULT_SHIP_TO;

/** A whole number written in decimal digits only: '60' -> 60; '6e1', ' 60', '-1' are rejected. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Centimetres, up to one decimal place: '40', '40.5'. */
const centimetres = z
  .string()
  .regex(/^\d{1,4}(\.\d)?$/, 'must be a number of centimetres such as 40 or 40.5')
  .transform(Number);

/** An ISO 3166-1 alpha-2 code in capitals; only letters reach a filter expression. */
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as GB');

/**
 * A catalogue slug: lower-case words joined by hyphens, 'blue-harbour-ada-lovelace'. The storefront
 * validates its page and API slugs with it too, so an artist slug it accepts the search accepts.
 */
export const slugSchema = z
  .string({ error: 'is required' })
  .max(MAX_SLUG_LENGTH, `must be at most ${MAX_SLUG_LENGTH} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens');

/** A repeatable enum parameter: at most one of each value; order kept, duplicates refused. */
const listOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: `must be one of ${values.join(', ')}` }))
    .max(values.length, `may be given at most ${values.length} times`)
    .refine((list) => new Set(list).size === list.length, 'repeats a value')
    .default([]);

/** A flag that is either absent or the one accepted literal. */
const flag = (literal: 'true' | 'on') =>
  z
    .literal(literal, { error: `must be '${literal}' or left out` })
    .optional()
    .transform((v) => v !== undefined);

/** Characters with a meaning to the engine's query or filter syntax, or to no shopper. */
const UNSAFE_QUERY = /["\\<>=`{}[\]\p{Cc}\p{Cs}\p{Co}\p{Cn}]/u;

const subcategoryParams = Object.fromEntries(
  CATEGORY_VALUES.map((c) => [c, listOf(CATEGORIES[c] as unknown as readonly [string, ...string[]])]),
) as unknown as { [C in Category]: z.ZodType<Subcategory<C>[]> };

/**
 * The query parameters, one field per parameter name, after repeated parameters are gathered
 * into arrays (see `LIST_PARAMS`). Strict: an unknown parameter is an error.
 */
export const galleryParamsSchema = z
  .strictObject({
    q: z
      .string()
      .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`)
      .refine((q) => !UNSAFE_QUERY.test(q), 'must not contain quotes, backslashes, brackets, =, < or > or control characters')
      .optional()
      .transform((q) => (q?.trim() ? q.trim().replace(/\s+/g, ' ') : undefined)),
    sort: z.enum(SORTS, { error: `must be one of ${SORTS.join(', ')}` }).default('best_match'),
    page: wholeNumber(1, MAX_PAGE).default(1),
    paginate: wholeNumber(1, MAX_PAGINATE).default(DEFAULT_PAGINATE),
    limit: wholeNumber(1, MAX_FACET_LIMIT).default(DEFAULT_FACET_LIMIT),
    currency: z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }).default('GBP'),
    price_min: wholeNumber(0, 10_000_000).optional(),
    price_max: wholeNumber(0, 10_000_000).optional(),
    size_: listOf(SIZE_BUCKETS),
    width_min: centimetres.optional(),
    width_max: centimetres.optional(),
    height_min: centimetres.optional(),
    height_max: centimetres.optional(),
    in_sale: flag('on'),
    free_shipping: flag('true'),
    framed_or_ready_to_hang: flag('true'),
    has_fine_art_prints: flag('true'),
    verified_advertising_safe: flag('true'),
    shape: listOf(ORIENTATIONS),
    product_category: listOf(CATEGORY_VALUES as unknown as readonly [Category, ...Category[]]),
    ...subcategoryParams,
    colours: listOf(COLOUR_VALUES as unknown as readonly [string, ...string[]]),
    style: listOf(STYLES),
    subject: listOf(SUBJECTS),
    ships_to: countryCode.optional(),
    ships_from: countryCode.optional(),
    artist: slugSchema.optional(),
  })
  .superRefine((p, ctx) => {
    const inverted = (lo: number | undefined, hi: number | undefined, param: string) => {
      if (lo !== undefined && hi !== undefined && lo > hi) {
        ctx.addIssue({ code: 'custom', path: [param], message: `must not be below the matching minimum (${lo})` });
      }
    };
    inverted(p.price_min, p.price_max, 'price_max');
    inverted(p.width_min, p.width_max, 'width_max');
    inverted(p.height_min, p.height_max, 'height_max');
  });

export type GalleryParams = z.output<typeof galleryParamsSchema>;

/** Parameters that may repeat (`colours=red&colours=blue`); every other one may be given once. */
export const LIST_PARAMS: ReadonlySet<string> = new Set([
  'size_', 'shape', 'product_category', ...CATEGORY_VALUES, 'colours', 'style', 'subject',
]);
export const PARAM_NAMES: readonly string[] = Object.keys(galleryParamsSchema.shape);

/** The typed gallery search definition, shaped like SPEC section 3. */
export interface GallerySearchDefinition {
  q?: string;
  sort: Sort;
  page: number;
  paginate: number;
  limit: number;
  currency: GalleryParams['currency'];
  /** Whole units of `currency`. */
  price: { price_min?: number; price_max?: number };
  /** Bucket names and centimetres. */
  size: { size_: GalleryParams['size_']; width_min?: number; width_max?: number; height_min?: number; height_max?: number };
  in_sale: boolean;
  free_shipping: boolean;
  framed_or_ready_to_hang: boolean;
  has_fine_art_prints: boolean;
  verified_advertising_safe: boolean;
  shape: GalleryParams['shape'];
  product_category: Category[];
  category_type: { [C in Category]: GalleryParams[C] };
  colours: GalleryParams['colours'];
  style: GalleryParams['style'];
  subject: GalleryParams['subject'];
  ships_to?: string;
  ships_from?: string;
  /**
   * One artist's works only (their slug): the artist page's scope. Not a filter section of the
   * panel, so it narrows every count and facet and is never counted itself.
   */
  artist?: string;
}

/** Flat parameters -> the nested definition: { price_min: 100 } -> { price: { price_min: 100 }, … }. */
export function toDefinition(p: GalleryParams): GallerySearchDefinition {
  const def: GallerySearchDefinition = {
    sort: p.sort,
    page: p.page,
    paginate: p.paginate,
    limit: p.limit,
    currency: p.currency,
    price: omitUndefined({ price_min: p.price_min, price_max: p.price_max }),
    size: { size_: p.size_, ...omitUndefined({ width_min: p.width_min, width_max: p.width_max, height_min: p.height_min, height_max: p.height_max }) },
    in_sale: p.in_sale,
    free_shipping: p.free_shipping,
    framed_or_ready_to_hang: p.framed_or_ready_to_hang,
    has_fine_art_prints: p.has_fine_art_prints,
    verified_advertising_safe: p.verified_advertising_safe,
    shape: p.shape,
    product_category: p.product_category,
    category_type: Object.fromEntries(CATEGORY_VALUES.map((c) => [c, p[c]])) as GallerySearchDefinition['category_type'],
    colours: p.colours,
    style: p.style,
    subject: p.subject,
  };
  if (p.q !== undefined) def.q = p.q;
  if (p.ships_to !== undefined) def.ships_to = p.ships_to;
  if (p.ships_from !== undefined) def.ships_from = p.ships_from;
  if (p.artist !== undefined) def.artist = p.artist;
  return def;
}

/**
 * A (partial) definition -> its canonical query string, defaults left out, lists sorted:
 * { colours: ['red', 'blue'], page: 1 } -> 'colours=blue&colours=red'. The inverse of parsing,
 * and the cache key of the service.
 */
export function toQueryString(def: Partial<GallerySearchDefinition>): string {
  const pairs: [string, string][] = [];
  const add = (name: string, value: string | number | boolean | undefined, fallback?: string | number) => {
    if (value === undefined || value === false || value === fallback) return;
    pairs.push([name, value === true ? (name === 'in_sale' ? 'on' : 'true') : String(value)]);
  };
  const addAll = (name: string, values: readonly string[] | undefined) => {
    for (const v of [...(values ?? [])].sort()) pairs.push([name, v]);
  };
  add('q', def.q);
  add('sort', def.sort, 'best_match');
  add('page', def.page, 1);
  add('paginate', def.paginate, DEFAULT_PAGINATE);
  add('limit', def.limit, DEFAULT_FACET_LIMIT);
  add('currency', def.currency, 'GBP');
  add('price_min', def.price?.price_min);
  add('price_max', def.price?.price_max);
  addAll('size_', def.size?.size_);
  add('width_min', def.size?.width_min);
  add('width_max', def.size?.width_max);
  add('height_min', def.size?.height_min);
  add('height_max', def.size?.height_max);
  add('in_sale', def.in_sale);
  add('free_shipping', def.free_shipping);
  add('framed_or_ready_to_hang', def.framed_or_ready_to_hang);
  add('has_fine_art_prints', def.has_fine_art_prints);
  add('verified_advertising_safe', def.verified_advertising_safe);
  addAll('shape', def.shape);
  addAll('product_category', def.product_category);
  for (const c of CATEGORY_VALUES) addAll(c, def.category_type?.[c]);
  addAll('colours', def.colours);
  addAll('style', def.style);
  addAll('subject', def.subject);
  add('ships_to', def.ships_to);
  add('ships_from', def.ships_from);
  add('artist', def.artist);
  return new URLSearchParams(pairs).toString();
}

/** Names a parameter and what is wrong with it. */
export interface ParamIssue {
  param: string;
  message: string;
}

export type ParseResult = { ok: true; definition: GallerySearchDefinition } | { ok: false; issue: ParamIssue };

/**
 * Gathered parameters -> a definition or the first problem, naming the parameter:
 * { colours: ['red'] } -> { ok: true, definition: { colours: ['red'], sort: 'best_match', … } };
 * { paginate: ['500'] } -> { ok: false, issue: { param: 'paginate', message: 'must be at most 120' } }.
 */
export function parseGalleryParams(raw: Record<string, string[]>): ParseResult {
  const input: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(raw)) {
    if (!PARAM_NAMES.includes(name)) return { ok: false, issue: { param: printable(name), message: 'is not a gallery search parameter' } };
    if (LIST_PARAMS.has(name)) input[name] = values;
    else if (values.length > 1) return { ok: false, issue: { param: name, message: 'may be given only once' } };
    else input[name] = values[0]!;
  }
  const result = galleryParamsSchema.safeParse(input);
  if (result.success) return { ok: true, definition: toDefinition(result.data) };
  const issue = result.error.issues[0]!;
  return { ok: false, issue: { param: String(issue.path[0] ?? 'query'), message: issue.message } };
}

/** A name fit to echo back in an error: printable ASCII only, bounded. */
export function printable(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
}

function omitUndefined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

// ---------------------------------------------------------------------------------------------
// Responses

const minorUnits = z.number().int().nonnegative();
export const pricesSchema = z.object(
  Object.fromEntries(CURRENCIES.map((c) => [c, minorUnits])) as Record<(typeof CURRENCIES)[number], typeof minorUnits>,
);

/** One product card. `prices` is the list price; `sale_prices` what a shopper pays when on sale. */
export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  url: z.string().describe('/product/<slug>/'),
  artist_name: z.string(),
  artist_slug: z.string(),
  category: z.string(),
  subcategory: z.string(),
  subject: z.string(),
  style: z.string(),
  medium: z.string(),
  colours: z.array(z.string()),
  prices: pricesSchema.describe('list price per currency, minor units'),
  sale_prices: pricesSchema.nullable().describe('sale price per currency, minor units, when on sale'),
  in_sale: z.boolean(),
  main_image: z.string(),
  main_image_set: z.string().describe('srcset'),
  width_cm: z.number(),
  height_cm: z.number(),
  depth_cm: z.number(),
  orientation: z.string(),
  size_bucket: z.string(),
  framed: z.boolean(),
  ready_to_hang: z.boolean(),
  has_fine_art_prints: z.boolean(),
  ships_from: z.string(),
  free_shipping_to: z.array(z.string()),
  ships_free: z.boolean().describe('ships free to ships_to (GB when ships_to is absent)'),
  favourite_count: z.number().int(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const facetValueSchema = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** Whole units of the requested currency; null when nothing matches. */
export const priceBoundsSchema = z.object({ currency: z.enum(CURRENCIES), min: z.number().int(), max: z.number().int() }).nullable();

/** List sections of the filter panel, keyed by parameter name. */
export const LIST_FACETS = [
  'size_', 'product_category', ...CATEGORY_VALUES, 'subject', 'style', 'colours', 'shape', 'ships_to', 'ships_from',
  'in_sale', 'free_shipping', 'framed_or_ready_to_hang', 'has_fine_art_prints', 'verified_advertising_safe',
] as const;
export type ListFacet = (typeof LIST_FACETS)[number];

export const facetsSchema = z.object({
  price: priceBoundsSchema,
  ...(Object.fromEntries(LIST_FACETS.map((f) => [f, z.array(facetValueSchema)])) as Record<ListFacet, z.ZodArray<typeof facetValueSchema>>),
});
export type Facets = z.infer<typeof facetsSchema>;

export const searchResponseSchema = z.object({
  results: z.array(productCardSchema),
  count: z.number().int().nonnegative().describe('exact number of matches'),
  num_pages: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  facets: facetsSchema,
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const countResponseSchema = z.object({ count: z.number().int().nonnegative() });
export type CountResponse = z.infer<typeof countResponseSchema>;

/** A price bar in whole units of the requested currency; `max` null on the open-ended last bar. */
export const priceBarSchema = z.object({ min: z.number().int(), max: z.number().int().nullable(), count: z.number().int().nonnegative() });
export const pricesResponseSchema = z.object({ currency: z.enum(CURRENCIES), results: z.array(priceBarSchema) });
export type PriceBar = z.infer<typeof priceBarSchema>;
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

export const ERROR_CODES = ['invalid_parameter', 'not_found', 'engine_unavailable', 'engine_timeout', 'engine_error', 'internal_error', 'rate_limited'] as const;
export const errorResponseSchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), param: z.string().optional() }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
