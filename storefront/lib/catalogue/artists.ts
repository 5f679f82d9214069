import type { ArtistProfile } from '@easel/data/queries/artists';
import { avatarImage, type ImageSource } from './cards';

/** An artist as the artist endpoints answer them: the profile with its page address and avatar. */
export interface ArtistData extends Omit<ArtistProfile, 'avatar_seed'> {
  url: string;
  avatar: ImageSource;
}

/** ({ slug: 'ada-lovelace', avatar_seed: 7, … }) -> { slug: 'ada-lovelace', url: '/artist/ada-lovelace/', avatar: { src: '/media/art/…', … }, … }. */
export function toArtistData({ avatar_seed, ...artist }: ArtistProfile): ArtistData {
  return { ...artist, url: `/artist/${artist.slug}/`, avatar: avatarImage(avatar_seed) };
}
