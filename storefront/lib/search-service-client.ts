import { z } from 'zod';
import {
  facetsSchema, productCardSchema, searchResponseSchema, toQueryString,
  type FacetValue, type GallerySearchDefinition, type ProductCard,
} from '@easel/search-service/contract';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import type { Category } from '@easel/shared/vocabulary';
import { formatCard, type CardDisplay, type ProductCardData } from './cards';
import { getConfig } from './config';

/**
 * The gallery's view of the search service: fetches a page of products and reshapes each one
 * into a card, so pages and components never touch the service's raw JSON.
 */

/** A product card as the search service's contract defines it. */
export type SearchResult = ProductCard;

/** The response envelope; cards are checked one by one so one bad card spoils nothing else. */
const searchPageSchema = searchResponseSchema
  .pick({ count: true, num_pages: true, page: true })
  .extend({
    results: z.array(z.unknown()),
    facets: facetsSchema.pick({ product_category: true, painting: true, sculpture: true, photography: true, drawing: true, prints: true }),
  });

export interface GalleryPage {
  cards: ProductCardData[];
  count: number;
  numPages: number;
  page: number;
  /** How many works each category holds, the category filter left out (for category links). */
  categories: FacetValue[];
  /** How many works each category's subcategories hold: { painting: [{ value: 'oil', count: 80 }, …], … }. */
  subcategories: Record<Category, FacetValue[]>;
}

export type GalleryResult = { ok: true; gallery: GalleryPage } | { ok: false; reason: 'unreachable' | 'bad_response' };

/**
 * Validates a search response and reshapes it. A result that does not fit the contract is
 * left out (and logged) rather than spoiling the whole page; a malformed envelope is an error.
 */
export function parseGalleryPage(json: unknown, display: CardDisplay): GalleryPage {
  const envelope = searchPageSchema.parse(json);
  const cards: ProductCardData[] = [];
  for (const raw of envelope.results) {
    const result = productCardSchema.safeParse(raw);
    if (result.success) cards.push(formatCard(result.data, display));
    else console.warn('search: skipping a result that does not match the contract:', result.error.issues[0]);
  }
  const { product_category: categories, ...subcategories } = envelope.facets;
  return { cards, count: envelope.count, numPages: envelope.num_pages, page: envelope.page, categories, subcategories };
}

/**
 * A page of the search a (partial) definition asks for, from the search service; never throws:
 * ({ paginate: 24 }) -> the gallery's first 24 works; ({ artist: 'ada-lovelace', page: 2 }) -> her second page.
 */
export async function fetchGallery(
  def: Partial<GallerySearchDefinition>,
  display: CardDisplay,
  searchServiceUrl: string = getConfig().SEARCH_SERVICE_URL,
): Promise<GalleryResult> {
  const query = toQueryString(def);
  const url = `${searchServiceUrl}/api/v2/product/s/${query ? `?${query}` : ''}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(SEARCH_WAITS_MS.storefront),
      next: { revalidate: 30 },
    });
  } catch (error) {
    console.error(`search: ${url} unreachable:`, (error as Error).message);
    return { ok: false, reason: 'unreachable' };
  }
  if (!response.ok) {
    console.error(`search: ${url} answered ${response.status}`);
    return { ok: false, reason: response.status >= 500 ? 'unreachable' : 'bad_response' };
  }
  try {
    return { ok: true, gallery: parseGalleryPage(await response.json(), display) };
  } catch (error) {
    console.error(`search: ${url} sent an unexpected response:`, (error as Error).message);
    return { ok: false, reason: 'bad_response' };
  }
}
