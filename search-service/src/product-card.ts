import type { SearchHit } from '@easel/indexer/index-settings';
import { CARD_IMAGE_WIDTHS, srcSetOf } from '@easel/shared/media';
import { freeShippingCountry, type ProductCard } from './contract';

/**
 * An index hit -> the contract's product card. The one implementation: the service maps its
 * engine hits with it, and the storefront the works it reads from SQLite (recommendations,
 * collections), so every card is made alike. Browser-safe (imported as
 * `@easel/search-service/product-card`): type-only imports from the indexer, values from the
 * contract and the picture addresses (`@easel/shared/media`) only.
 *
 * `prices` is the list price, `sale_prices` what the shopper pays while on sale, and
 * `ships_free`, the one field that depends on the search (PER_SEARCH_FIELDS), is judged against
 * `ships_to`, else the shopper's `country` (GB without either):
 * ({ slug: 'sea', in_sale: true, prices: { GBP: 800, … }, original_prices: { GBP: 1000, … }, free_shipping_to: ['GB'], … }, {})
 * -> { url: '/product/sea/', prices: { GBP: 1000, … }, sale_prices: { GBP: 800, … }, in_sale: true, …, ships_free: true }.
 */
export function toProductCard(hit: SearchHit, search: CardSearch): ProductCard {
  return { ...cardFieldsOf(hit), ...perSearchFieldsOf(hit, search) };
}

/** What a card's per-search fields are judged against. */
export interface CardSearch {
  ships_to?: string | undefined;
  country?: string | undefined;
}

/**
 * The card's fields that depend on the search, each a function of the hit and the search. Every
 * other field is a function of the hit alone (cardFieldsOf cannot see the search), so the search
 * service writes a card's JSON once and these after it, per answer. Each is a yes or no, which the
 * answer writer writes without encoding anything.
 */
export const PER_SEARCH_FIELDS = {
  ships_free: (hit, search) => hit.free_shipping_to.includes(freeShippingCountry(search)),
} as const satisfies { [K in keyof ProductCard]?: (hit: SearchHit, search: CardSearch) => ProductCard[K] & boolean };

export type PerSearchField = keyof typeof PER_SEARCH_FIELDS;
export const PER_SEARCH_FIELD_NAMES = Object.keys(PER_SEARCH_FIELDS) as PerSearchField[];

/** The per-search fields of a hit's card in this search, in PER_SEARCH_FIELDS' order. */
export function perSearchFieldsOf(hit: SearchHit, search: CardSearch): Pick<ProductCard, PerSearchField> {
  return { ships_free: PER_SEARCH_FIELDS.ships_free(hit, search) };
}

/** The card's fields that depend on the hit alone: every field but the per-search ones. */
export function cardFieldsOf(hit: SearchHit): Omit<ProductCard, PerSearchField> {
  // A sale needs the price it reduces; without one the work is shown at its current price.
  const onSale = hit.in_sale && hit.original_prices !== null;
  return {
    id: hit.id,
    slug: hit.slug,
    title: hit.title,
    url: `/product/${hit.slug}/`,
    artist_name: hit.artist_name,
    artist_slug: hit.artist_slug,
    category: hit.category,
    subcategory: hit.subcategory,
    subject: hit.subject,
    style: hit.style,
    medium: hit.medium,
    colours: hit.colours,
    prices: onSale ? hit.original_prices! : hit.prices,
    sale_prices: onSale ? hit.prices : null,
    in_sale: onSale,
    main_image: hit.main_image,
    // A pure function of main_image, so the index need not hold it: the search service writes it once per card it keeps (card-json.ts).
    main_image_set: srcSetOf(hit.main_image, CARD_IMAGE_WIDTHS),
    width_cm: hit.width_cm,
    height_cm: hit.height_cm,
    depth_cm: hit.depth_cm,
    orientation: hit.orientation,
    size_bucket: hit.size_bucket,
    framed: hit.framed,
    ready_to_hang: hit.ready_to_hang,
    has_fine_art_prints: hit.has_fine_art_prints,
    ships_from: hit.ships_from,
    free_shipping_to: hit.free_shipping_to,
    favourite_count: hit.favourite_count,
  };
}
