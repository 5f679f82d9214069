import { biographyParagraphs } from '../../lib/catalogue/artists';
import type { ProductData } from '../../lib/catalogue/product';
import type { Translate } from '../../lib/i18n/translate';
import { ArtistAvatar } from '../artist-avatar';
import { FollowButton } from '../engagement/follow-button';

export interface ArtistBlockProps {
  artist: ProductData['artist'];
  /** Where the artist works, in the shopper's English: 'Leeds, United Kingdom'. */
  place: string;
  followers: number;
  /** Whether the signed-in shopper follows the artist. */
  following: boolean;
  /** Whether the signed-in account is this artist, who has no one to follow here. */
  own: boolean;
  t: Translate;
}

/** Who made the work: portrait, where they work, the first paragraph of their biography and the way to the rest of their work. */
export function ArtistBlock({ artist, place, followers, following, own, t }: ArtistBlockProps) {
  return (
    <section className="artist-block" aria-labelledby="artist-title">
      <ArtistAvatar className="artist-block__avatar" avatar={artist.avatar} sizes="96px" />
      <div className="artist-block__body">
        <p className="artist-block__eyebrow">{t('product.aboutArtist')}</p>
        <h2 className="artist-block__name" id="artist-title">
          <a href={artist.url}>{artist.name}</a>
        </h2>
        <p className="artist-block__meta">{t('product.basedIn', { place })}</p>
        {!own && <FollowButton artistSlug={artist.slug} artistName={artist.name} followers={followers} following={following} />}
        {artist.bio && <p className="artist-block__bio">{biographyParagraphs(artist.bio)[0]}</p>}
        <a className="button button--secondary artist-block__link" href={artist.url}>
          {t('product.artistWorks', { artist: artist.name })}
        </a>
      </div>
    </section>
  );
}
