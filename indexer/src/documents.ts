import { hash } from 'node:crypto';
import { pricesInAllCurrencies, type RateMatrix } from '@easel/shared/currency';
import { artworkImageUrl, type ArtworkImageSpec, motifOf, photoUrl } from '@easel/shared/media';
import type { IndexableArtwork } from '@easel/data/queries/search-source';
import { COUNTED_ATTRIBUTES, type CountedAttribute } from '@easel/shared/search-attributes';
import { CURRENCIES, type Currency } from '@easel/shared/vocabulary';
import { priceBand, priceBandAttribute, type PriceBandAttribute } from './price-bars';

/** The picture width a card shows by default; the srcset carries the rest. */
const CARD_IMAGE_WIDTH = 640;

/** Raise whenever toSearchDocument changes what it writes: existing indexes then count as stale. */
export const DOCUMENT_VERSION = 9;

/**
 * Each counted attribute (`@easel/shared/search-attributes`, one list with the filter table) is
 * also gathered into `facet_values`. Below 3,000 matches the engine counts facets document by
 * document, one lookup per document and attribute: thirteen attributes cost about 2 ms each on
 * 2,600 matches, one attribute holding them all about a third of that in total.
 *
 * Each counted attribute's tag in `facet_values`: one character, its place in
 * COUNTED_ATTRIBUTES in base 36 (category_path '0' … verified_advertising_safe 'c'). The engine's
 * facet extraction, the largest part of a re-index, costs by the bytes of the values: with entries
 * this short it took a fifth less time at 100,000 works than with 'colours:red'. Indexes hold the
 * tags, so COUNTED_ATTRIBUTES only grows at its end (documents.test.ts keeps the shipped tags).
 */
export const FACET_TAGS = Object.fromEntries(COUNTED_ATTRIBUTES.map((attribute, i) => [attribute, i.toString(36)])) as Record<CountedAttribute, string>;

/** One entry of `facet_values`: ('colours', 'red') -> '3red'; a flag counts only when true: ('in_sale', true) -> '9true'. */
export const facetValue = (attribute: CountedAttribute, value: string | true): string => `${FACET_TAGS[attribute]}${value}`;

/** The fields a product card is made from: what a search hit carries, besides its `card_version`. */
export const CARD_FIELDS = [
  'id', 'slug', 'title', 'artist_name', 'artist_slug', 'category', 'subcategory', 'subject', 'style',
  'medium', 'colours', 'prices', 'original_prices', 'in_sale', 'framed', 'ready_to_hang',
  'has_fine_art_prints', 'width_cm', 'height_cm', 'depth_cm', 'orientation', 'size_bucket',
  'ships_from', 'free_shipping_to', 'main_image', 'favourite_count',
] as const satisfies readonly (keyof SearchDocument)[];

/** One artwork as stored in the search index. Only available artworks are indexed. */
export interface SearchDocument extends Record<PriceBandAttribute, number> {
  id: number;
  slug: string;
  title: string;
  artist_id: number;
  artist_name: string;
  artist_slug: string;
  category: string;
  subcategory: string;
  /**
   * ['painting', 'painting:oil']: the bare category and the pair (subcategory names repeat
   * across categories; the search contract's `categoryPathValue`), so one disjunctive list over
   * this attribute can say "all sculpture OR oil paintings", and its facet counts both the
   * categories and their subcategories.
   */
  category_path: [string, string];
  subject: string;
  style: string;
  medium: string;
  colours: string[];
  width_cm: number;
  height_cm: number;
  depth_cm: number;
  orientation: string;
  size_bucket: string;
  /** What a shopper pays now (the sale price when on sale), minor units per currency. */
  prices: Record<Currency, number>;
  /** The price before the sale, per currency, when on sale. */
  original_prices: Record<Currency, number> | null;
  price_gbp: number;
  price_usd: number;
  price_eur: number;
  price_cad: number;
  price_aud: number;
  in_sale: boolean;
  framed: boolean;
  ready_to_hang: boolean;
  framed_or_ready_to_hang: boolean;
  has_fine_art_prints: boolean;
  verified_advertising_safe: boolean;
  ships_from: string;
  ships_to: string[];
  free_shipping_to: string[];
  main_image: string;
  created_ts: number;
  popularity: number;
  favourite_count: number;
  /** Every counted attribute's values as `attribute:value` (see COUNTED_ATTRIBUTES). */
  facet_values: string[];
  /**
   * Changes whenever any of the card's fields (CARD_FIELDS) do: a digest of them, 11 characters.
   * The search service keeps cards by id and this version, so a search need only ask the engine
   * for the two.
   */
  card_version: string;
}

/**
 * One of an artwork's pictures as a renderer spec. Every view of a work (main, detail, on a
 * wall) is drawn from its first picture's seed, so they all show the same composition of the
 * work's motif; a work without pictures gets its main one drawn from its id:
 * ({ category: 'painting', id: 7, images: [], subject: 'animals', title: 'Cat Asleep' }, undefined)
 * -> { kind: 'main', seed: 7, motif: 'cat', … }.
 */
export function imageSpecOf(
  artwork: Pick<IndexableArtwork, 'id' | 'category' | 'subject' | 'title' | 'images' | 'colours' | 'width_cm' | 'height_cm'>,
  image: IndexableArtwork['images'][number] | undefined = artwork.images[0],
): ArtworkImageSpec {
  return {
    category: artwork.category,
    motif: motifOf(artwork.subject, artwork.title),
    kind: image?.kind ?? 'main',
    seed: artwork.images[0]?.seed ?? artwork.id,
    colours: artwork.colours.length > 0 ? artwork.colours : ['white'],
    aspectMilli: image?.aspect_milli ?? Math.round((artwork.width_cm / artwork.height_cm) * 1000),
  };
}

/** Every picture of an artwork the site shows: its card's (the first image's) and each image's in the viewer. */
export function pictureSpecsOf(artwork: IndexableArtwork): ArtworkImageSpec[] {
  return [imageSpecOf(artwork), ...artwork.images.slice(1).map((image) => imageSpecOf(artwork, image))];
}

/**
 * An indexable artwork -> its search document, prices converted with the given rates:
 * { price_minor: 10000, sale_price_minor: 8000, … } -> { prices: { GBP: 8000, USD: 11100, … } (whole units, as shown and charged), in_sale: true, … }
 */
export function toSearchDocument(artwork: IndexableArtwork, rates: RateMatrix): SearchDocument {
  const effective = artwork.sale_price_minor ?? artwork.price_minor;
  const prices = pricesInAllCurrencies(effective, rates);
  const spec = imageSpecOf(artwork);
  const document: SearchDocument = {
    id: artwork.id,
    slug: artwork.slug,
    title: artwork.title,
    artist_id: artwork.artist.id,
    artist_name: artwork.artist.name,
    artist_slug: artwork.artist.slug,
    category: artwork.category,
    subcategory: artwork.subcategory,
    category_path: [artwork.category, `${artwork.category}:${artwork.subcategory}`],
    subject: artwork.subject,
    style: artwork.style,
    medium: artwork.medium,
    colours: artwork.colours,
    width_cm: artwork.width_cm,
    height_cm: artwork.height_cm,
    depth_cm: artwork.depth_cm,
    orientation: artwork.orientation,
    size_bucket: artwork.size_bucket,
    prices,
    original_prices: artwork.sale_price_minor === null ? null : pricesInAllCurrencies(artwork.price_minor, rates),
    price_gbp: prices.GBP,
    price_usd: prices.USD,
    price_eur: prices.EUR,
    price_cad: prices.CAD,
    price_aud: prices.AUD,
    ...(Object.fromEntries(CURRENCIES.map((c) => [priceBandAttribute(c), priceBand(c, prices[c])])) as Record<PriceBandAttribute, number>),
    in_sale: artwork.sale_price_minor !== null,
    framed: artwork.framed,
    ready_to_hang: artwork.ready_to_hang,
    framed_or_ready_to_hang: artwork.framed || artwork.ready_to_hang,
    has_fine_art_prints: artwork.prints.length > 0,
    verified_advertising_safe: artwork.verified_advertising_safe,
    ships_from: artwork.ships_from,
    ships_to: artwork.shipping.map((s) => s.destination),
    free_shipping_to: artwork.shipping.filter((s) => s.cost_minor === 0).map((s) => s.destination),
    // An uploaded photo replaces the drawn picture, for this work only.
    main_image: artwork.photos[0] ? photoUrl(artwork.photos[0].photo_key, CARD_IMAGE_WIDTH) : artworkImageUrl(spec, CARD_IMAGE_WIDTH),
    // A listed work counts as new from the day it went on sale, not from its draft.
    created_ts: Math.floor(Date.parse(artwork.published_at ?? artwork.created_at) / 1000),
    popularity: artwork.popularity,
    favourite_count: artwork.favourite_count,
    facet_values: [],
    card_version: '',
  };
  document.facet_values = facetValuesOf(document);
  document.card_version = hash('sha1', JSON.stringify(CARD_FIELDS.map((field) => document[field])), 'base64url').slice(0, 11);
  return document;
}

/**
 * A document's `facet_values`: each counted attribute's values, tagged. The document must hold
 * every counted attribute: one added to the shared list fails to compile here until it does.
 */
function facetValuesOf(document: Pick<SearchDocument, CountedAttribute>): string[] {
  const values: string[] = [];
  // Plain loops: a rebuild runs this a million times, and nested flatMaps make garbage.
  for (const attribute of COUNTED_ATTRIBUTES) {
    const value = document[attribute];
    if (Array.isArray(value)) for (const v of value) values.push(facetValue(attribute, v));
    else if (value !== false) values.push(facetValue(attribute, value));
  }
  return values;
}

/** Whether an artwork belongs in the index at all: shoppers only ever see available works. */
export function isSearchable(artwork: Pick<IndexableArtwork, 'status'>): boolean {
  return artwork.status === 'available';
}
