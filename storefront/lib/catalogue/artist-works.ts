import { toQueryString, type GallerySearchDefinition } from '@easel/search-service/contract';
import { parseDroppingInvalid } from '../gallery/location';

/**
 * The artist page's own query string: which of the artist's available works it lists. Only a
 * category, an order and a page; anything else in the address (trackers, settings overrides,
 * junk) is not the works' business, and a value that does not parse is left out.
 */

/** Works per page: four rows of three, three of four, or six of two. */
export const ARTIST_WORKS_PER_PAGE = 24;

const WORKS_PARAMS = ['product_category', 'sort', 'page'] as const;

/** What the shopper chose through the page's links and form. */
export type ArtistWorksChoice = Pick<GallerySearchDefinition, 'product_category' | 'sort' | 'page'>;

type RawQuery = Record<string, string | string[] | undefined>;

/**
 * The artist's slug and the page's query -> the search for their works:
 * ('ada-lovelace', { product_category: 'painting', page: 'x', utm_source: 'mail' }) ->
 * { artist: 'ada-lovelace', product_category: ['painting'], page: 1, paginate: 24, … }.
 */
export function parseArtistWorksQuery(slug: string, query: RawQuery): GallerySearchDefinition {
  const raw: Record<string, string[]> = {};
  for (const name of WORKS_PARAMS) {
    const value = query[name];
    if (value !== undefined) raw[name] = Array.isArray(value) ? value : [value];
  }
  return parseDroppingInvalid({ ...raw, artist: [slug], paginate: [String(ARTIST_WORKS_PER_PAGE)] }).definition;
}

/**
 * The artist page's address for a choice, defaults left out:
 * ('ada-lovelace', { product_category: ['painting'], sort: 'newest', page: 2 }) ->
 * '/artist/ada-lovelace/?sort=newest&page=2&product_category=painting'.
 */
export function artistWorksUrl(slug: string, { product_category, sort, page }: Partial<ArtistWorksChoice>): string {
  const query = toQueryString({ product_category, sort, page });
  return `/artist/${slug}/${query ? `?${query}` : ''}`;
}

/** Whether the page lists the artist's works as first shown: every category, best match, page 1. */
export function isDefaultChoice({ product_category, sort, page }: ArtistWorksChoice): boolean {
  return product_category.length === 0 && sort === 'best_match' && page === 1;
}
