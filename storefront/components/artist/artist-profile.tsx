import type { ArtistData } from '../../lib/catalogue/artists';
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
      <img
        className="artist-profile__avatar"
        src={artist.avatar.src}
        srcSet={artist.avatar.srcSet}
        sizes="(min-width: 768px) 160px, 96px"
        width={artist.avatar.width}
        height={artist.avatar.height}
        alt=""
        fetchPriority="high"
      />
      <div className="artist-profile__text">
        <h1 className="artist-profile__name">{artist.name}</h1>
        <p className="artist-profile__place">{place}</p>
        <FollowButton artistSlug={artist.slug} artistName={artist.name} followers={artist.follower_count} following={following} />
      </div>
      <p className="artist-profile__bio">{artist.bio}</p>
    </header>
  );
}
