import { CARD_IMAGE_WIDTHS, parseArtworkImageUrl, srcSetOf } from '@easel/shared/media';
import type { Currency } from '@easel/shared/vocabulary';
import type { ProductCard } from '@easel/search-service/contract';
import { artworkImageHeight } from './artwork-image-size';
import { valueLabel } from './gallery/labels';
import type { Language } from './i18n/languages';
import { vocabularyMessages } from './i18n/messages/vocabulary';
import { translatorOf } from './i18n/translator';
import { formatDimensions, formatPrice, type DisplayUnits } from './money';

/**
 * A contract product card -> what a card component shows, in the shopper's currency and units.
 * Browser-safe: server pages and the gallery's client components render the same cards.
 */

export interface CardImage {
  src: string;
  srcSet: string;
  /** Intrinsic size of `src`, for the width/height attributes. */
  width: number;
  height: number;
}

export interface ProductCardData {
  id: number;
  slug: string;
  title: string;
  href: string;
  artistName: string;
  /** e.g. 'Oil painting', 'Ceramic sculpture', 'Screenprint'. */
  medium: string;
  /** e.g. '60 × 80 cm' or '23.6 × 31.5 in' (width × height, plus depth for objects). */
  size: string;
  /** The price to pay in the shopper's currency, e.g. '£1,250'. */
  price: string;
  /** The price before a reduction, when the work is on sale. */
  originalPrice: string | null;
  image: CardImage;
  /** Ships free to the shopper's chosen country. */
  shipsFree: boolean;
  /** Framed, as the work's edit form says; a work only ready to hang is not. */
  framed: boolean;
  hasPrints: boolean;
}

/** The contract card's fields a product card shows (formatCard reads these and no others). */
export const SHOWN_CARD_FIELDS = [
  'id', 'slug', 'title', 'url', 'artist_name', 'category', 'subcategory', 'width_cm', 'height_cm', 'depth_cm',
  'prices', 'sale_prices', 'main_image', 'ships_free', 'framed', 'has_fine_art_prints',
] as const satisfies readonly (keyof ProductCard)[];
export type ShownCard = Pick<ProductCard, (typeof SHOWN_CARD_FIELDS)[number]>;

/**
 * A contract card with only the fields a product card shows: what the gallery keeps of each
 * hit, and so what its server-rendered page carries to the browser:
 * { id: 7, slug: 'sea', colours: ['blue'], favourite_count: 3, … } -> { id: 7, slug: 'sea', … }.
 */
export function shownCard(card: ProductCard): ShownCard {
  const shown: Partial<Record<keyof ShownCard, unknown>> = {};
  for (const field of SHOWN_CARD_FIELDS) shown[field] = card[field];
  return shown as ShownCard;
}

/** How the shopper reads prices, sizes and words (their settings). */
export interface CardDisplay {
  currency: Currency;
  units: DisplayUnits;
  language: Language;
}

function formatSize(r: ShownCard, units: DisplayUnits): string {
  const depth = r.category === 'sculpture' && r.depth_cm > 0 ? r.depth_cm : undefined;
  return formatDimensions(r.width_cm, r.height_cm, depth, units);
}

const MEDIUM_NOUN: Record<string, string> = {
  painting: 'painting',
  sculpture: 'sculpture',
  photography: 'photograph',
  drawing: 'drawing',
};

/**
 * A work's kind in the shopper's English: ({ category: 'painting', subcategory: 'oil' }, 'en-gb') -> 'Oil painting';
 * ({ category: 'painting', subcategory: 'watercolour' }, 'en-us') -> 'Watercolor painting'.
 */
export function formatMedium(r: Pick<ProductCard, 'category' | 'subcategory'>, language: Language): string {
  const sub = valueLabel(r.subcategory, translatorOf(language, [vocabularyMessages])).toLowerCase();
  const noun = MEDIUM_NOUN[r.category];
  const text = noun ? (sub === 'mixed media' ? `Mixed media ${noun}` : `${sub} ${noun}`) : sub || r.category;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const MAIN_IMAGE_WIDTH = 640;

/**
 * A picture's intrinsic size: from its URL when it is one of ours, else from the work's
 * proportions: ('/media/art/…-640.webp') -> { width: 640, height: 853 }.
 */
export function cardImageSize(url: string, proportions: { width_cm: number; height_cm: number }): { width: number; height: number } {
  const parsed = parseArtworkImageUrl(url);
  if (parsed) return { width: parsed.width, height: artworkImageHeight(parsed.spec, parsed.width) };
  const { width_cm, height_cm } = proportions;
  const ratio = width_cm > 0 && height_cm > 0 ? height_cm / width_cm : 1;
  return { width: MAIN_IMAGE_WIDTH, height: Math.round(MAIN_IMAGE_WIDTH * ratio) };
}

/**
 * What the shopper pays in `currency`, minor units, and the list price it reduces when the work
 * is on sale: ({ prices: { GBP: 1000 }, sale_prices: { GBP: 800 } }, 'GBP') -> { pay: 800, was: 1000 }.
 */
export function priceToPay(r: Pick<ProductCard, 'prices' | 'sale_prices'>, currency: Currency): { pay: number; was: number | null } {
  const full = r.prices[currency];
  const sale = r.sale_prices?.[currency];
  return sale !== undefined && sale < full ? { pay: sale, was: full } : { pay: full, was: null };
}

/**
 * A card as the search contract gives it -> what a product card shows: its price in the shopper's
 * currency (the sale price first, the list price struck through), its size in their units.
 */
export function formatCard(r: ShownCard, { currency, units, language }: CardDisplay): ProductCardData {
  const { pay, was } = priceToPay(r, currency);
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    href: r.url,
    artistName: r.artist_name,
    medium: formatMedium(r, language),
    size: formatSize(r, units),
    price: formatPrice(pay, currency),
    originalPrice: was === null ? null : formatPrice(was, currency),
    // The same picture at the card's widths, from its address: the contract need not send it.
    image: { src: r.main_image, srcSet: srcSetOf(r.main_image, CARD_IMAGE_WIDTHS), ...cardImageSize(r.main_image, r) },
    shipsFree: r.ships_free,
    framed: r.framed,
    hasPrints: r.has_fine_art_prints,
  };
}
