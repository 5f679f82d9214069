import type { ArtistData } from '../../lib/catalogue/artists';
import type { Translate } from '../../lib/i18n/translate';

export interface ArtistProfileProps {
  artist: ArtistData;
  /** 'Lisbon, Portugal', in the shopper's language. */
  place: string;
  t: Translate;
}

/** Who the artist is: avatar, name, where they work, how many follow them, and their own words. */
export function ArtistProfile({ artist, place, t }: ArtistProfileProps) {
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
        {/* The follow button joins the count here once shoppers have accounts to follow from. */}
        <div className="artist-profile__social">
          <p className="artist-profile__followers">{t('artist.followers', { count: artist.follower_count })}</p>
        </div>
      </div>
      <p className="artist-profile__bio">{artist.bio}</p>
    </header>
  );
}
