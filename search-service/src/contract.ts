import * as z from 'zod/mini';
import { CATEGORIES, CATEGORY_VALUES, CURRENCIES } from '@easel/shared/vocabulary';
import { FILTERS, FILTER_PARAM_LABELS, countryCode, distinct, filterParamsShape, wholeNumber } from './filters';

/**
 * The gallery search contract (SPEC section 3): the query parameters of
 * `GET /api/v2/product/s/`, the typed definition they parse into, and the response shapes.
 * The search-service owns it; the storefront, the indexer and k6 import it. Browser-safe: no
 * Node imports, vocabulary only from `@easel/shared/vocabulary`.
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
/** Works a campaign may boost to the top at once: at most a page's worth. */
export const MAX_BOOSTS = 24;
/** The shopper's country when a search names none (`country`): the United Kingdom. */
export const DEFAULT_SHIP_TO = 'GB';

/**
 * A subcategory's value in the index's `category_path`, which holds each work's bare category
 * and this pair (subcategory names repeat across categories): ('painting', 'oil') -> 'painting:oil'.
 * The category section filters and counts on those values, as an InstantSearch refinement list does.
 */
export const categoryPathValue = (category: string, subcategory: string) => `${category}:${subcategory}`;

/**
 * The category section as `category_path` values: a category with subcategories chosen narrows to
 * those; without, it takes the whole category:
 * ({ product_category: ['sculpture'], painting: ['oil'] }) -> ['painting:oil', 'sculpture'].
 */
export function categoryPathValues(def: Pick<GallerySearchDefinition, 'product_category' | (typeof CATEGORY_VALUES)[number]>): string[] {
  return CATEGORY_VALUES.flatMap((c) => {
    const subs = def[c];
    if (subs.length > 0) return subs.map((s) => categoryPathValue(c, s));
    return def.product_category.includes(c) ? [c] : [];
  });
}

/**
 * The category address a search stands on, as its gallery page names it: its category section
 * when that is one category or one subcategory, else null: /shop/painting/oil/ -> 'painting/oil'.
 */
export function categoryAddress(def: Parameters<typeof categoryPathValues>[0]): string | null {
  const values = categoryPathValues(def);
  return values.length === 1 ? values[0]!.replace(':', '/') : null;
}

/** Every category address: 'painting', 'painting/oil', …, in vocabulary order. */
export const CATEGORY_ADDRESSES: readonly string[] = CATEGORY_VALUES.flatMap((c) => [c, ...CATEGORIES[c].map((s) => `${c}/${s}`)]);

/**
 * The country free shipping is judged against, the chosen ships-to or else the shopper's own:
 * ({ ships_to: 'US', country: 'FR' }) -> 'US', ({ country: 'FR' }) -> 'FR', ({}) -> 'GB'.
 */
export const freeShippingCountry = (def: { ships_to?: string | undefined; country?: string | undefined }) => def.ships_to ?? def.country ?? DEFAULT_SHIP_TO;

/**
 * A definition with the shopper's country set back to the default, for a search kept apart from
 * its shopper (an alert, a search record): the country only marks cards, except that free
 * shipping without a ships-to is judged against it, so there it becomes the ships-to:
 * ({ free_shipping: true, country: 'FR' }) -> { free_shipping: true, ships_to: 'FR', country: 'GB' }.
 */
export function withoutShopperCountry<T extends Pick<GallerySearchDefinition, 'free_shipping' | 'ships_to' | 'country'>>(def: T): T {
  const ships_to = def.free_shipping ? freeShippingCountry(def) : def.ships_to;
  return { ...def, ships_to, country: DEFAULT_SHIP_TO };
}

/**
 * A catalogue slug: lower-case words joined by hyphens, 'blue-harbour-ada-lovelace'. The storefront
 * validates its page and API slugs with it too, so an artist slug it accepts the search accepts.
 */
export const slugSchema = z.string({ error: 'is required' }).check(
  z.maxLength(MAX_SLUG_LENGTH, `must be at most ${MAX_SLUG_LENGTH} characters`),
  z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens'),
);

/** Characters with a meaning to the engine's query or filter syntax, or to no shopper. */
const UNSAFE_QUERY = /["\\<>=`{}[\]\p{Cc}\p{Cs}\p{Co}\p{Cn}]/u;

/**
 * The query parameters of every search endpoint, one field per parameter name, after repeated
 * parameters are gathered into arrays (see `LIST_PARAMS`). Strict: an unknown parameter is an
 * error. The filters come from the filter table (`filters.ts`), in panel order.
 */
export const galleryParamsSchema = z
  .strictObject({
    q: z.pipe(
      z.optional(
        z.string().check(
          z.maxLength(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
          z.refine((q) => !UNSAFE_QUERY.test(q), 'must not contain quotes, backslashes, brackets, =, < or > or control characters'),
        ),
      ),
      z.transform((q) => (q?.trim() ? q.trim().replace(/\s+/g, ' ') : undefined)),
    ),
    sort: z._default(z.enum(SORTS, { error: `must be one of ${SORTS.join(', ')}` }), 'best_match'),
    page: z._default(wholeNumber(1, MAX_PAGE), 1),
    paginate: z._default(wholeNumber(1, MAX_PAGINATE), DEFAULT_PAGINATE),
    limit: z._default(wholeNumber(1, MAX_FACET_LIMIT), DEFAULT_FACET_LIMIT),
    currency: z._default(z.enum(CURRENCIES, { error: `must be one of ${CURRENCIES.join(', ')}` }), 'GBP'),
    country: z._default(countryCode, DEFAULT_SHIP_TO),
    ...filterParamsShape,
    product_boost: z.optional(slugSchema),
    multiple_product_boost: z._default(
      z.pipe(z.array(slugSchema).check(z.maxLength(MAX_BOOSTS, `may name at most ${MAX_BOOSTS} works`)), z.transform(distinct)),
      [],
    ),
    artist: z.optional(slugSchema),
  })
  .check(
    z.superRefine((p, ctx) => {
      for (const row of FILTERS) {
        if (row.kind !== 'range') continue;
        const lo = p[`${row.name}_min`];
        const hi = p[`${row.name}_max`];
        if (lo !== undefined && hi !== undefined && lo > hi) {
          ctx.addIssue({ code: 'custom', path: [`${row.name}_max`], message: `must not be below the matching minimum (${lo})` });
        }
      }
    }),
  );

export type GalleryParams = z.output<typeof galleryParamsSchema>;

/**
 * The typed gallery search definition (SPEC section 3): one field per contract parameter,
 * inferred from the schema. SPEC's groups are the filter table's: `price` is price_min and
 * price_max, `size` is size_ with the width and height bounds, `category_type` is the five
 * subcategory lists.
 *
 * `product_boost` (one work) and `multiple_product_boost` (several) put the named works that
 * match at the top of the first page, the way staff campaigns and editors' picks do. `artist`
 * scopes every count and facet to one artist's works (the artist page) and is not a filter.
 */
export type GallerySearchDefinition = GalleryParams;

/** Parameters that may repeat (`colours=red&colours=blue`); every other one may be given once. */
export const LIST_PARAMS: ReadonlySet<string> = new Set([
  ...FILTERS.filter((row) => row.kind === 'list').map((row) => row.name),
  'multiple_product_boost',
]);
export const PARAM_NAMES: readonly string[] = Object.keys(galleryParamsSchema.shape);

/**
 * Each parameter as shoppers know it, for error messages: 'price_min' -> 'Minimum price'. With no
 * prototype, so a name a client sends ('constructor', 'toString') finds no inherited member.
 */
export const PARAM_LABELS: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, {
  q: 'Search words',
  sort: 'Sort order',
  page: 'Page',
  paginate: 'Works per page',
  limit: 'Values per filter',
  currency: 'Currency',
  country: 'Your country',
  ...FILTER_PARAM_LABELS,
  product_boost: 'Featured work',
  multiple_product_boost: 'Featured works',
  artist: 'Artist',
});

/** The definition every parameter left out gives: sort best_match, page 1, no filters. */
export const DEFAULT_DEFINITION: GallerySearchDefinition = galleryParamsSchema.parse({});

/** The literal a flag parameter is written with: in_sale -> 'on', free_shipping -> 'true'. */
const FLAG_LITERALS: Record<string, string> = Object.fromEntries(FILTERS.flatMap((row) => (row.kind === 'flag' ? [[row.name, row.on]] : [])));

/**
 * A (partial) definition -> its canonical query string, defaults left out, lists sorted:
 * { colours: ['red', 'blue'], page: 1 } -> 'colours=blue&colours=red'. The inverse of parsing,
 * and the cache key of the service.
 */
export function toQueryString(def: Partial<GallerySearchDefinition>): string {
  const pairs: [string, string][] = [];
  for (const name of PARAM_NAMES) {
    const value = def[name as keyof GallerySearchDefinition];
    if (value === undefined || value === false || value === DEFAULT_DEFINITION[name as keyof GallerySearchDefinition]) continue;
    if (Array.isArray(value)) for (const v of [...value].sort()) pairs.push([name, v]);
    else pairs.push([name, value === true ? FLAG_LITERALS[name]! : String(value)]);
  }
  return new URLSearchParams(pairs).toString();
}

/** Names a parameter and what is wrong with it. */
export interface ParamIssue {
  param: string;
  message: string;
}

export type ParseResult = { ok: true; definition: GallerySearchDefinition } | { ok: false; issue: ParamIssue };

/** The Englishes the service's refusals are written in; British unless a client asks otherwise. */
export type English = 'en-gb' | 'en-us';

/** The labels American English spells its own way. */
const AMERICAN_PARAM_LABELS: Readonly<Record<string, string>> = Object.assign(Object.create(null) as Record<string, string>, { colours: 'Color' });

/**
 * The English an `Accept-Language` header asks for first: 'en-US,en;q=0.9' -> 'en-us'; anything
 * else, or none, -> 'en-gb'.
 */
export function englishOf(acceptLanguage: string | undefined): English {
  const first = acceptLanguage?.split(',', 1)[0]?.split(';', 1)[0]?.trim().toLowerCase();
  return first === 'en-us' ? 'en-us' : 'en-gb';
}

/**
 * A problem in a parameter's own words: ('price_min', 'must be a whole number') -> 'Minimum price
 * (price_min) must be a whole number'; ('colours', 'must be one of red', 'en-us') -> 'Color (colours) must be one of red'.
 */
export function describeIssue(param: string, problem: string, english: English = 'en-gb'): string {
  const label: string | undefined = (english === 'en-us' ? AMERICAN_PARAM_LABELS[param] : undefined) ?? PARAM_LABELS[param];
  return label ? `${label} (${param}) ${problem}` : `${param} ${problem}`;
}

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
  if (result.success) return { ok: true, definition: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, issue: { param: String(issue.path[0] ?? 'query'), message: issue.message } };
}

/** A name fit to echo back in an error: printable ASCII only, bounded. */
export function printable(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
}

// ---------------------------------------------------------------------------------------------
// Responses, from `responses.ts`

export {
  LIST_FACETS, SEARCH_ID_PATTERN, countResponseSchema, facetValueSchema, facetsSchema, priceBarSchema, priceBoundsSchema,
  pricesResponseSchema, pricesSchema, productCardSchema, removalCountSchema, searchResponseSchema, suggestionsResponseSchema,
  type CountResponse, type FacetValue, type Facets, type ListFacet, type PriceBar, type PricesResponse, type ProductCard,
  type RemovalCount, type SearchResponse, type SuggestionsResponse,
} from './responses';

/** A search answer's number of results, for whoever records searches without reading the body. */
export const RESULT_COUNT_HEADER = 'X-Result-Count';
