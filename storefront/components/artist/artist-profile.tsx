import { biographyParagraphs, type ArtistData } from '../../lib/catalogue/artists';
import type { Translate } from '../../lib/i18n/translate';
import { ArtistAvatar } from '../artist-avatar';
import { FollowButton } from '../engagement/follow-button';

export interface ArtistProfileProps {
  artist: ArtistData;
  /** 'Lisbon, Portugal', in the shopper's language. */
  place: string;
  /** 'Ships from Portugal'; null when the artist has no shipping profile. */
  shipsFrom: string | null;
  /** Whether the signed-in shopper follows the artist. */
  following: boolean;
  /** Whether the signed-in account may edit the profile (the artist, or staff). */
  editable: boolean;
  /** Whether the signed-in account is this artist, who has no one to follow here. */
  own: boolean;
  t: Translate;
}

/** Who the artist is: avatar, name, where they work and ship from, how many follow them, and their biography. */
export function ArtistProfile({ artist, place, shipsFrom, following, editable, own, t }: ArtistProfileProps) {
  return (
    <header className="artist-profile">
      <ArtistAvatar className="artist-profile__avatar" avatar={artist.avatar} sizes="(min-width: 768px) 160px, 96px" eager />
      <div className="artist-profile__text">
        <h1 className="artist-profile__name">{artist.name}</h1>
        <p className="artist-profile__place">{place}</p>
        {shipsFrom && <p className="artist-profile__ships">{shipsFrom}</p>}
        <div className="artist-profile__actions">
          {own
            ? <span className="follow__count">{t('artist.followers', { count: artist.follower_count })}</span>
            : <FollowButton artistSlug={artist.slug} artistName={artist.name} followers={artist.follower_count} following={following} />}
          {editable && <a className="artist-profile__edit" href={`${artist.url}edit/`}>{t('artist.editProfile')}</a>}
        </div>
      </div>
      <div className="artist-profile__bio">
        {biographyParagraphs(artist.bio).map((paragraph, i) => <p key={i}>{paragraph}</p>)}
      </div>
    </header>
  );
}
