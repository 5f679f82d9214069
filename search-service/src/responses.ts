import * as z from 'zod/mini';
import { CURRENCIES } from '@easel/shared/vocabulary';
import { FILTERS, GROUPS, type FilterName, type RangeRow } from './filters';

/**
 * The search contract's answers (SPEC section 3): one zod schema each, with its inferred type.
 * In `zod/mini`, so the browser can check every answer it reads at little cost; the contract
 * (`contract.ts`) gives them to the server and the OpenAPI as they are.
 */

const count = z.int().check(z.nonnegative());
const minorUnits = z.int().check(z.nonnegative());
export const pricesSchema = z.object(
  Object.fromEntries(CURRENCIES.map((c) => [c, minorUnits])) as Record<(typeof CURRENCIES)[number], typeof minorUnits>,
);

/** One product card. `prices` is the list price; `sale_prices` what a shopper pays when on sale. */
export const productCardSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  url: z.string().check(z.describe('/product/<slug>/')),
  artist_name: z.string(),
  artist_slug: z.string(),
  category: z.string(),
  subcategory: z.string(),
  subject: z.string(),
  style: z.string(),
  medium: z.string(),
  colours: z.array(z.string()),
  prices: pricesSchema.check(z.describe('list price per currency, minor units')),
  sale_prices: z.nullable(pricesSchema).check(z.describe('sale price per currency, minor units, when on sale')),
  in_sale: z.boolean(),
  main_image: z.string().check(z.describe('the picture 640 px wide')),
  main_image_set: z.string().check(z.describe("srcset: the same picture at the card's widths, 320 to 1200 px")),
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
  ships_free: z.boolean().check(z.describe('ships free to ships_to, or to country when ships_to is absent')),
  favourite_count: z.int(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const facetValueSchema = z.object({ value: z.string(), count });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** Whole units of the requested currency; null when nothing matches. */
export const priceBoundsSchema = z.nullable(z.object({ currency: z.enum(CURRENCIES), min: z.int(), max: z.int() }));

/** The filters whose values are counted, keyed by parameter name: every row but the ranges. */
export type ListFacet = Exclude<FilterName, RangeRow['name']>;
export const LIST_FACETS = FILTERS.filter((row) => row.kind !== 'range').map((row) => row.name as ListFacet);

/** A search id: 32 lower-case hex digits, as Algolia's queryID. */
export const SEARCH_ID_PATTERN = /^[0-9a-f]{32}$/;

export const facetsSchema = z.object({
  price: priceBoundsSchema,
  ...(Object.fromEntries(LIST_FACETS.map((f) => [f, z.array(facetValueSchema)])) as Record<ListFacet, z.ZodMiniArray<typeof facetValueSchema>>),
});
export type Facets = z.infer<typeof facetsSchema>;

export const searchResponseSchema = z.object({
  results: z.array(productCardSchema),
  count: count.check(z.describe('exact number of matches')),
  num_pages: count,
  page: z.int().check(z.positive()),
  facets: facetsSchema,
  did_you_mean: z
    .nullable(z.string())
    .check(z.describe('q with each word the engine matched only through typo tolerance replaced by the word it matched (pantings -> painting); null when every word matched as typed')),
  banner: z
    .nullable(z.object({ title: z.string(), url: z.string() }))
    .check(z.describe("a search rule's banner for this search: its words and the page of the site it links to (a collection of works); null without one")),
  search_id: z
    .optional(z.string().check(z.regex(SEARCH_ID_PATTERN)))
    .check(z.describe("this search's id on the storefront's origin, as Algolia's queryID: impressions, clicks and what follows carry it (docs/SEARCH-ANALYTICS.md)")),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const countResponseSchema = z.object({ count });
export type CountResponse = z.infer<typeof countResponseSchema>;

/** One way to widen a search (see `suggestions.ts`) and the number of matches without that part. */
export const removalCountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('word'), word: z.string(), count }),
  z.object({ kind: z.literal('filter'), filter: z.enum(GROUPS), count }),
]);
export type RemovalCount = z.infer<typeof removalCountSchema>;

/** Ways out of a search: what dropping each part brings back, and every category's size. */
export const suggestionsResponseSchema = z.object({
  count: count.check(z.describe('matches of the search itself')),
  removals: z
    .array(removalCountSchema)
    .check(z.describe('each search word and each active filter group with the matches of the search without it, most first (ties: words, then panel order); the first is the narrowest part')),
  categories: z.array(facetValueSchema).check(z.describe('every category with its number of works in the whole gallery, most first')),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;

/** A price bar in whole units of the requested currency; `max` null on the open-ended last bar. */
export const priceBarSchema = z.object({ min: z.int(), max: z.nullable(z.int()), count });
export const pricesResponseSchema = z.object({ currency: z.enum(CURRENCIES), results: z.array(priceBarSchema) });
export type PriceBar = z.infer<typeof priceBarSchema>;
export type PricesResponse = z.infer<typeof pricesResponseSchema>;
