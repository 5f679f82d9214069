import type { ArtistData } from '../../lib/catalogue/artists';
import { ArtistAvatar } from '../artist-avatar';
import { FollowButton } from '../engagement/follow-button';

export interface ArtistProfileProps {
  artist: ArtistData;
  /** 'Lisbon, Portugal', in the shopper's language. */
  place: string;
  /** Whether the signed-in shopper follows the artist. */
  following: boolean;
}

/** Who the artist is: avatar, name, where they work, how many follow them, and their own words. */
export function ArtistProfile({ artist, place, following }: ArtistProfileProps) {
  return (
    <header className="artist-profile">
      <ArtistAvatar className="artist-profile__avatar" avatar={artist.avatar} sizes="(min-width: 768px) 160px, 96px" eager />
      <div className="artist-profile__text">
        <h1 className="artist-profile__name">{artist.name}</h1>
        <p className="artist-profile__place">{place}</p>
        <FollowButton artistSlug={artist.slug} artistName={artist.name} followers={artist.follower_count} following={following} />
      </div>
      <p className="artist-profile__bio">{artist.bio}</p>
    </header>
  );
}
