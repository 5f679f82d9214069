import { pricesInAllCurrencies, type RateMatrix } from '@easel/shared/currency';
import { printSlug } from '@easel/shared/derive';
import type { ImageKind } from '@easel/shared/media';
import type { Db } from '@easel/data/db';
import { getSimilarAvailableArtworks, type Product } from '@easel/data/queries/product';
import { shippingCostTo, type IndexableArtwork } from '@easel/data/queries/search-source';
import type { Currency } from '@easel/shared/vocabulary';
import { DEFAULT_SHIP_TO, type ProductCard } from '@easel/search-service/contract';
import { imageSpecOf } from '@easel/indexer/documents';
import { artworkToProductCard, avatarImage, imageSource, photoSource, type ImageSource } from './cards';

/**
 * A product page's data (`GET /api/product/`): the work's product card plus what only its page
 * shows. Of SPEC §3's product state, `freeShipping` is the card's `ships_free`, `favouriteCount`
 * its `favourite_count`, `artistId` `artist.id`, `offerPricing` `sale_prices`; `prints`,
 * `shipping` and `auto_tags` are below. `favourited`, `collections` and `customerFavourites`
 * are the shopper's own and so not part of this shared-cached answer.
 */

/** Enough similar works for a row on a sold original's page. */
const SIMILAR_LIMIT = 8;

/** The viewer shows a picture at up to this width by default; `srcSet` has the rest. */
const VIEWER_IMAGE_WIDTH = 1200;

/** A shipping quote to one country: not shipped there, free, or its cost in the five currencies. */
export type ShippingQuote = { ships: false } | { ships: true; free: boolean; prices: Record<Currency, number> };

export interface PrintOffer {
  /** The size label as a slug, the key of its shipping quote: 'A3' -> 'a3'. */
  slug: string;
  size_label: string;
  width_cm: number;
  height_cm: number;
  prices: Record<Currency, number>;
  edition_size: number;
  remaining: number;
}

export interface ProductData extends ProductCard {
  description: string;
  status: Product['status'];
  auto_tags: string[];
  images: (ImageSource & { kind: ImageKind; alt: string })[];
  artist: { id: number; slug: string; name: string; url: string; city: string; country: string; bio: string; avatar: ImageSource };
  prints: PrintOffer[];
  shipping: { ships_to: string; ships_from: string; dispatch_days: number; original: ShippingQuote; prints: Record<string, ShippingQuote> };
  /** Available works like this one; only a sold original lists them. */
  similar: ProductCard[];
}

const IMAGE_ALT: Record<ImageKind, (title: string) => string> = {
  main: (title) => title,
  detail: (title) => `${title}, detail`,
  room: (title) => `${title}, shown on a wall`,
};

/** Available works like a sold original, for its page; none for a work still for sale. */
export async function getSimilarIfSold(db: Db, product: Product): Promise<IndexableArtwork[]> {
  return product.status === 'sold' ? getSimilarAvailableArtworks(db, product, SIMILAR_LIMIT) : [];
}

/** Prints are sent from the artist on the original's shipping profile, so they share its quote. */
function quoteTo(product: IndexableArtwork, shipsTo: string, rates: RateMatrix): ShippingQuote {
  const cost = shippingCostTo(product, shipsTo);
  if (cost === undefined) return { ships: false };
  return { ships: true, free: cost === 0, prices: pricesInAllCurrencies(cost, rates) };
}

/**
 * A product read from the catalogue -> its page data, prices in all five currencies and
 * shipping quoted to `ships_to` (GB when absent):
 * ({ slug: 'sea', status: 'sold', print_editions: [{ size_label: 'A3', … }], … }, { rates, ships_to: 'US', similar })
 * -> { slug: 'sea', status: 'sold', prints: [{ slug: 'a3', … }], shipping: { ships_to: 'US', original: {…}, prints: { a3: {…} } }, similar, … }.
 */
export function toProductData(
  product: Product,
  { rates, ships_to, similar }: { rates: RateMatrix; ships_to: string | undefined; similar: IndexableArtwork[] },
): ProductData {
  const destination = ships_to ?? DEFAULT_SHIP_TO;
  const original = quoteTo(product, destination, rates);
  const prints = product.print_editions.map((p) => ({
    slug: printSlug(p.size_label),
    size_label: p.size_label,
    width_cm: p.width_cm,
    height_cm: p.height_cm,
    prices: pricesInAllCurrencies(p.price_minor, rates),
    edition_size: p.edition_size,
    remaining: p.remaining,
  }));
  const { artist } = product;
  return {
    ...artworkToProductCard(product, rates, { ships_to }),
    description: product.description,
    status: product.status,
    auto_tags: product.auto_tags,
    // An artist's photos replace the drawn pictures: the first is the main image, the others details.
    images: product.photos.length > 0
      ? product.photos.map((photo, i) => ({ kind: i === 0 ? 'main' : 'detail', alt: IMAGE_ALT[i === 0 ? 'main' : 'detail'](product.title), ...photoSource(photo, VIEWER_IMAGE_WIDTH) }))
      : product.images.map((image) => ({
        kind: image.kind,
        alt: IMAGE_ALT[image.kind](product.title),
        ...imageSource(imageSpecOf(product, image), VIEWER_IMAGE_WIDTH),
      })),
    artist: {
      id: artist.id, slug: artist.slug, name: artist.name, url: `/artist/${artist.slug}/`, city: artist.city, country: artist.country,
      bio: artist.bio, avatar: avatarImage(artist.avatar_seed),
    },
    prints,
    shipping: {
      ships_to: destination, ships_from: product.ships_from, dispatch_days: product.dispatch_days, original,
      prints: Object.fromEntries(prints.map((p) => [p.slug, original])),
    },
    similar: similar.map((w) => artworkToProductCard(w, rates, { ships_to })),
  };
}
