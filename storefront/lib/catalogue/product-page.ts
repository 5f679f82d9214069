import type { Db } from '@easel/data/db';
import { getArtistBySlug } from '@easel/data/queries/artists';
import { getMoreByArtist, getProductBySlug } from '@easel/data/queries/product';
import { getRateMatrix } from '@easel/data/queries/search-source';
import type { ProductCard } from '@easel/search-service/contract';
import { artworkToProductCard } from './cards';
import { getSimilarIfSold, toProductData, type ProductData } from './product';

/** Two rows of four at the widest. */
const MORE_BY_ARTIST_LIMIT = 8;

/** What the product page shows: the work's data (as GET /api/product/ answers it) and what sits around it. */
export interface ProductPageData {
  product: ProductData;
  /** How many shoppers follow the artist. */
  artistFollowers: number;
  /** The artist's other available works, most popular first. */
  moreByArtist: ProductCard[];
}

/**
 * The product page's data, read straight from the catalogue (the page never calls its own
 * API over HTTP), shipping quoted to `shipsTo`; undefined when no shopper can see the work:
 * (db, 'blue-harbour-ada-lovelace', 'US') -> { product: { slug: 'blue-harbour-ada-lovelace', shipping: { ships_to: 'US', … }, … }, artistFollowers: 3, moreByArtist: [ … ] }.
 * `{ asPublished: true }` reads a draft or withdrawn work as it will show once published, for its artist's preview.
 */
export async function getProductPageData(db: Db, slug: string, shipsTo: string, { asPublished = false } = {}): Promise<ProductPageData | undefined> {
  const product = await getProductBySlug(db, slug, undefined, { asPublished });
  if (!product) return undefined;
  const [rates, similar, more, artist] = await Promise.all([
    getRateMatrix(db),
    getSimilarIfSold(db, product),
    getMoreByArtist(db, product, MORE_BY_ARTIST_LIMIT),
    getArtistBySlug(db, product.artist.slug),
  ]);
  return {
    product: toProductData(product, { rates, ships_to: shipsTo, similar }),
    artistFollowers: artist?.follower_count ?? 0,
    moreByArtist: more.map((w) => artworkToProductCard(w, rates, { ships_to: shipsTo })),
  };
}
