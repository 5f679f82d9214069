import { CATEGORIES, COLOUR_VALUES, ORIENTATIONS, SHIPPING_COUNTRIES, SIZE_BUCKETS, STYLES, SUBJECTS } from './vocabulary';

/**
 * The search document's filter attributes: the one list the indexer's document builder
 * (`indexer/src/documents.ts`) writes and the search service's filter table
 * (`search-service/src/filters.ts`) filters and counts. A filter row names one of these, and
 * every counted attribute must have a row and a field in the search document, or the build
 * fails (docs/ARCHITECTURE.md, "A new gallery filter").
 *
 * Browser-safe: vocabulary only.
 */

/**
 * The attributes the gallery's filter sections count. The index holds each one's place in this
 * list as a tag (`FACET_TAGS` in `indexer/src/documents.ts`), so it only grows at its end.
 */
export const COUNTED_ATTRIBUTES = [
  'category_path', 'subject', 'style', 'colours', 'orientation', 'size_bucket', 'ships_to', 'ships_from',
  'free_shipping_to', 'in_sale', 'framed_or_ready_to_hang', 'has_fine_art_prints', 'verified_advertising_safe',
] as const;
export type CountedAttribute = (typeof COUNTED_ATTRIBUTES)[number];

/** Every value each counted attribute can take: the vocabulary's, each shipping country, and a flag's one `true`. */
export const COUNTED_VALUES: Record<CountedAttribute, readonly string[]> = {
  category_path: Object.entries(CATEGORIES).flatMap(([category, subs]) => [category, ...subs.map((s) => `${category}:${s}`)]),
  subject: SUBJECTS,
  style: STYLES,
  colours: COLOUR_VALUES,
  orientation: ORIENTATIONS,
  size_bucket: SIZE_BUCKETS,
  ships_to: SHIPPING_COUNTRIES,
  ships_from: SHIPPING_COUNTRIES,
  free_shipping_to: SHIPPING_COUNTRIES,
  in_sale: ['true'],
  framed_or_ready_to_hang: ['true'],
  has_fine_art_prints: ['true'],
  verified_advertising_safe: ['true'],
};

/** The attributes filtered by range: the price (one attribute per currency, `price_gbp` …) and the dimensions in cm. */
export const RANGE_ATTRIBUTES = ['price', 'width_cm', 'height_cm'] as const;
export type RangeAttribute = (typeof RANGE_ATTRIBUTES)[number];
