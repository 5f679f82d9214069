import type { Db } from '@easel/data/db';
import { getArtistCv, type ArtistCv } from '@easel/data/queries/artist-cv';
import { getArtistBySlug, getSoldArtworks, type ArtistProfile } from '@easel/data/queries/artists';
import { getRateMatrix } from '@easel/data/queries/search-source';
import type { ProductCard } from '@easel/search-service/contract';
import { artworkToProductCard, avatarImage, type ImageSource } from './cards';

/** An artist as the artist endpoints answer them: the profile with its page address and avatar. */
export interface ArtistData extends Omit<ArtistProfile, 'avatar_seed'> {
  url: string;
  avatar: ImageSource;
}

/** An artist page's data from the catalogue: the artist with their CV, and their sold works, listed apart. */
export interface ArtistPageData extends ArtistData, Omit<ArtistCv, 'bio'> {
  sold_works: ProductCard[];
}

/** Sold works an artist page lists apart; their available works come from the search-service. */
const SOLD_LIMIT = 24;

/** ({ slug: 'ada-lovelace', avatar_seed: 7, … }) -> { slug: 'ada-lovelace', url: '/artist/ada-lovelace/', avatar: { src: '/media/art/…', … }, … }. */
export function toArtistData({ avatar_seed, ...artist }: ArtistProfile): ArtistData {
  return { ...artist, url: `/artist/${artist.slug}/`, avatar: avatarImage(avatar_seed) };
}

/**
 * The artist with the slug and their latest sold works as product cards, or undefined when
 * there is no such artist; free shipping on the cards is judged against `ships_to`.
 */
export async function getArtistPageData(db: Db, slug: string, options: { ships_to?: string | undefined }): Promise<ArtistPageData | undefined> {
  const artist = await getArtistBySlug(db, slug);
  if (!artist) return undefined;
  const [rates, sold, cv] = await Promise.all([getRateMatrix(db), getSoldArtworks(db, artist.id, SOLD_LIMIT), getArtistCv(db, artist.id)]);
  return {
    ...toArtistData(artist),
    education: cv?.education ?? [],
    exhibitions: cv?.exhibitions ?? [],
    ships_from: cv?.ships_from ?? [],
    sold_works: sold.map((w) => artworkToProductCard(w, rates, options)),
  };
}

/** A biography's paragraphs, as its author separated them with blank lines. */
export function biographyParagraphs(bio: string): string[] {
  return bio.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
}
