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
 * `ships_free` is judged against `ships_to` (GB without it):
 * ({ slug: 'sea', in_sale: true, prices: { GBP: 800, … }, original_prices: { GBP: 1000, … }, free_shipping_to: ['GB'], … }, {})
 * -> { url: '/product/sea/', prices: { GBP: 1000, … }, sale_prices: { GBP: 800, … }, in_sale: true, ships_free: true, … }.
 */
export function toProductCard(hit: SearchHit, options: { ships_to?: string | undefined }): ProductCard {
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
    // A pure function of main_image, so the index need not hold it: the search service writes it once per card it keeps (cardJson).
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
    ships_free: hit.free_shipping_to.includes(freeShippingCountry(options)),
    favourite_count: hit.favourite_count,
  };
}
