import type { RateMatrix } from '@easel/shared/currency';
import { artworkImageSrcSet, artworkImageUrl, photoUrl, srcSetOf, type ArtworkImageSpec, type ImageWidth } from '@easel/shared/media';
import { imageSpecOf, toSearchDocument } from '@easel/indexer/documents';
import { COLOUR_VALUES } from '@easel/shared/vocabulary';
import type { IndexableArtwork } from '@easel/data/queries/search-source';
import type { ProductCard } from '@easel/search-service/contract';
import { toProductCard } from '@easel/search-service/product-card';
import { artworkImageHeight } from '../artwork-image-size';

/**
 * Catalogue rows -> the search contract's product card, so works read from SQLite (editors'
 * picks, recently viewed, similar works) look exactly like gallery results.
 */

/** The widths `src` names; `srcSet` carries every rendered width. */
const CARD_IMAGE_WIDTH = 640;
const AVATAR_WIDTH = 320;

/** A picture for an `<img>`: its default source, every width for `srcset`, and the default's size. */
export interface ImageSource {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export function imageSource(spec: ArtworkImageSpec, width: ImageWidth = CARD_IMAGE_WIDTH): ImageSource {
  return { src: artworkImageUrl(spec, width), srcSet: artworkImageSrcSet(spec), width, height: artworkImageHeight(spec, width) };
}

/** An artist's uploaded photo at `width` (never wider than the photo), with every served width as its srcset. */
export function photoSource(photo: { photo_key: string; width: number; height: number }, width: ImageWidth = CARD_IMAGE_WIDTH): ImageSource {
  const shown = Math.min(width, photo.width);
  const src = photoUrl(photo.photo_key, width);
  return { src, srcSet: srcSetOf(src), width: shown, height: Math.round((shown * photo.height) / photo.width) };
}

/**
 * An artist's avatar: a square abstract drawn from their avatar seed by the artwork renderer,
 * until artists upload portraits: 7 -> a square painting detail in pink and beige.
 */
export function avatarImage(avatarSeed: number): ImageSource {
  return imageSource(avatarSpec(avatarSeed), AVATAR_WIDTH);
}

export function avatarSpec(avatarSeed: number): ArtworkImageSpec {
  const colour = (offset: number) => COLOUR_VALUES[(avatarSeed + offset) % COLOUR_VALUES.length]!;
  return { category: 'painting', motif: 'abstract', kind: 'detail', seed: avatarSeed, colours: [colour(0), colour(2)], aspectMilli: 1000 };
}

/**
 * An artwork -> its product card, through the same document the search index holds, so a work
 * read from SQLite looks exactly like a gallery result; free shipping is judged against `ships_to`.
 */
export function artworkToProductCard(artwork: IndexableArtwork, rates: RateMatrix, options: { ships_to?: string | undefined }): ProductCard {
  return toProductCard(toSearchDocument(artwork, rates), options);
}
