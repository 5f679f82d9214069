import { z } from 'zod';
import { parseArtworkImageUrl } from '@easel/data/media';
import { CURRENCY_SYMBOLS, type Currency } from '@easel/data/vocabulary';
import { productCardSchema, searchResponseSchema, type ProductCard } from '@easel/search-service/contract';
import { artworkImageHeight } from './artwork-image-size';
import { getConfig } from './config';

/**
 * The gallery's view of the search service: fetches a page of products and reshapes each one
 * into a card, so pages and components never touch the service's raw JSON.
 */

/** A product card as the search service's contract defines it. */
export type SearchResult = ProductCard;

/** The response envelope; cards are checked one by one so one bad card spoils nothing else. */
const searchPageSchema = searchResponseSchema.pick({ count: true, num_pages: true, page: true }).extend({ results: z.array(z.unknown()) });

export interface CardImage {
  src: string;
  srcSet: string;
  /** Intrinsic size of `src`, for the width/height attributes. */
  width: number;
  height: number;
}

export interface ProductCardData {
  id: number;
  title: string;
  href: string;
  artistName: string;
  /** e.g. 'Oil painting', 'Ceramic sculpture', 'Screenprint'. */
  medium: string;
  /** e.g. '60 × 80 cm' (width × height, plus depth for objects). */
  size: string;
  /** The price to pay, e.g. '£1,250'. */
  price: string;
  /** The price before a reduction, when the work is on sale. */
  originalPrice: string | null;
  image: CardImage;
}

export interface GalleryPage {
  cards: ProductCardData[];
  count: number;
  numPages: number;
  page: number;
}

export type GalleryResult = { ok: true; gallery: GalleryPage } | { ok: false; reason: 'unreachable' | 'bad_response' };

const wholeUnits = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** Minor units to whole units with the currency symbol: 125049 GBP -> '£1,250'. */
export function formatPrice(minor: number, currency: Currency = 'GBP'): string {
  return `${CURRENCY_SYMBOLS[currency]}${wholeUnits.format(Math.round(minor / 100))}`;
}

const cm = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

function formatSize(r: SearchResult): string {
  const parts = [r.width_cm, r.height_cm];
  if (r.category === 'sculpture' && r.depth_cm > 0) parts.push(r.depth_cm);
  return `${parts.map((v) => cm.format(v)).join(' × ')} cm`;
}

const MEDIUM_NOUN: Record<string, string> = {
  painting: 'painting',
  sculpture: 'sculpture',
  photography: 'photograph',
  drawing: 'drawing',
};

function formatMedium(r: SearchResult): string {
  const sub = r.subcategory.replace(/-/g, ' ');
  const noun = MEDIUM_NOUN[r.category];
  const text = noun ? (sub === 'mixed media' ? `Mixed media ${noun}` : `${sub} ${noun}`) : sub || r.category;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MAIN_IMAGE_WIDTH = 640;

/** The main picture's intrinsic size: from its URL when it is one of ours, else from the work. */
function imageSize(r: SearchResult): { width: number; height: number } {
  const parsed = parseArtworkImageUrl(r.main_image);
  if (parsed) return { width: parsed.width, height: artworkImageHeight(parsed.spec, parsed.width) };
  const ratio = r.width_cm > 0 && r.height_cm > 0 ? r.height_cm / r.width_cm : 1;
  return { width: MAIN_IMAGE_WIDTH, height: Math.round(MAIN_IMAGE_WIDTH * ratio) };
}

export function toCard(r: SearchResult): ProductCardData {
  const full = r.prices.GBP;
  const sale = r.sale_prices?.GBP;
  const onSale = sale !== undefined && sale < full;
  return {
    id: r.id,
    title: r.title,
    href: r.url,
    artistName: r.artist_name,
    medium: formatMedium(r),
    size: formatSize(r),
    price: formatPrice(onSale ? sale : full),
    originalPrice: onSale ? formatPrice(full) : null,
    image: { src: r.main_image, srcSet: r.main_image_set, ...imageSize(r) },
  };
}

/**
 * Validates a search response and reshapes it. A result that does not fit the contract is
 * left out (and logged) rather than spoiling the whole page; a malformed envelope is an error.
 */
export function parseGalleryPage(json: unknown): GalleryPage {
  const envelope = searchPageSchema.parse(json);
  const cards: ProductCardData[] = [];
  for (const raw of envelope.results) {
    const result = productCardSchema.safeParse(raw);
    if (result.success) cards.push(toCard(result.data));
    else console.warn('search: skipping a result that does not match the contract:', result.error.issues[0]);
  }
  return { cards, count: envelope.count, numPages: envelope.num_pages, page: envelope.page };
}

/** The first page of the gallery from the search service; never throws. */
export async function fetchGallery(perPage = 24): Promise<GalleryResult> {
  const url = `${getConfig().SEARCH_SERVICE_URL}/api/v2/product/s/?paginate=${perPage}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
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
    return { ok: true, gallery: parseGalleryPage(await response.json()) };
  } catch (error) {
    console.error(`search: ${url} sent an unexpected response:`, (error as Error).message);
    return { ok: false, reason: 'bad_response' };
  }
}
