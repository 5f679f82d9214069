import { toQueryString, type FacetValue, type GallerySearchDefinition } from '@easel/search-service/contract';
import { SEARCH_WAITS_MS } from '@easel/search-service/budget';
import type { Category } from '@easel/shared/vocabulary';
import { formatCard, type CardDisplay, type ProductCardData } from '../cards';
import { getConfig } from '../config';
import { fetchSearch, SearchError, type SearchAnswer, type SearchFailure } from './fetch-search';

/**
 * A page of the gallery as the server's pages show it (the artist page, the header's
 * suggestions, the category counts): a search through `fetchSearch`, its cards reshaped for
 * the shopper's display, so pages and components never touch the service's raw JSON.
 */

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

export type GalleryResult = { ok: true; gallery: GalleryPage } | { ok: false; reason: SearchFailure };

/** A search's answer -> the page the shopper sees, each card in their currency, units and English. */
export function toGalleryPage(answer: SearchAnswer<''>, display: CardDisplay): GalleryPage {
  const { facets } = answer;
  return {
    cards: answer.results.map((card) => formatCard(card, display)),
    count: answer.count,
    numPages: answer.num_pages,
    page: answer.page,
    categories: facets.product_category,
    subcategories: { painting: facets.painting, sculpture: facets.sculpture, photography: facets.photography, drawing: facets.drawing, prints: facets.prints },
  };
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
  try {
    // Asked afresh on every render, not kept by Next.js's data cache: the search service keeps hot
    // answers only while its index stands still, so an artist's page shows an edit or a sale at once.
    const answer = await fetchSearch('', query, { origin: searchServiceUrl, timeoutMs: SEARCH_WAITS_MS.storefront });
    return { ok: true, gallery: toGalleryPage(answer, display) };
  } catch (error) {
    if (!(error instanceof SearchError)) throw error;
    console.error(`search: ${query || 'the whole gallery'} failed (${error.reason}): ${error.message}`);
    return { ok: false, reason: error.reason };
  }
}
