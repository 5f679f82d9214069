import type { ReactNode } from 'react';
import type { ProductCard as ContractCard } from '@easel/search-service/contract';
import type { ArtistData } from '../../lib/catalogue/artists';
import type { BannerData, EditorsPickData } from '../../lib/catalogue/home';
import { formatCard, type CardDisplay, type ProductCardData } from '../../lib/cards';
import type { Translate } from '../../lib/i18n/translator';
import { ArtistAvatar } from '../artist-avatar';
import { ProductCard } from '../product-card';
import { ProductGrid } from '../product-grid';

/**
 * The homepage's sections as plain views of their endpoint's data: the server renders them
 * when it has the data in time, the browser when it loads them itself (deferred-section.tsx).
 * Each renders nothing when it has nothing to show.
 */

export interface SectionProps<T> {
  data: T;
  display: CardDisplay;
  t: Translate<'home'>;
}

/** How wide a rail card's picture is drawn: the rail's fixed card width less the mat. */
const RAIL_CARD_SIZES = '(min-width: 768px) 167px, 137px';
/** The hero spans the content column on phones and about 60% of it from 768 px. */
const BANNER_SIZES = '(min-width: 1200px) 700px, (min-width: 768px) 60vw, 100vw';

export function HomeSectionFrame({ id, title, text, children }: { id: string; title: string; text?: string; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={`${id}-title`} data-section={id}>
      <div className="home-section__head">
        <h2 className="home-section__title" id={`${id}-title`}>{title}</h2>
        {text && <p className="home-section__text">{text}</p>}
      </div>
      {children}
    </section>
  );
}

function CardRail({ cards, label }: { cards: ProductCardData[]; label: string }) {
  return (
    <ul className="rail" role="list" aria-label={label}>
      {cards.map((card) => (
        <li key={card.id} className="rail__item">
          <ProductCard card={card} sizes={RAIL_CARD_SIZES} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The width over the height of the box the banner's picture is fitted in: `.hero__picture` in
 * home.css, 4:3 with 8% of its width inside each edge, so (1 - 0.16) / (0.75 - 0.16).
 */
const BANNER_BOX_RATIO = 0.84 / 0.59;

export function BannerView({ data }: SectionProps<BannerData | null>) {
  if (!data) return null;
  const { image, artwork } = data;
  // The picture fills the box's width or its height, whichever it meets first, so its box is
  // drawn at its size before the picture arrives and nothing moves when it does.
  const fits = image.width / image.height >= BANNER_BOX_RATIO ? 'hero__image--wide' : 'hero__image--tall';
  return (
    <section className="hero" aria-labelledby="hero-title" data-section="banner">
      <div className="hero__text">
        <h1 className="hero__title" id="hero-title">{data.title}</h1>
        <p className="hero__subtitle">{data.subtitle}</p>
        <a className="button hero__cta" href={data.link.url}>{data.link.label}</a>
      </div>
      <figure className="hero__figure">
        <a href={artwork.url} className="hero__picture">
          <img
            className={`hero__image ${fits}`}
            src={image.src}
            srcSet={image.srcSet}
            sizes={BANNER_SIZES}
            width={image.width}
            height={image.height}
            alt={image.alt}
            fetchPriority="high"
          />
        </a>
        <figcaption className="hero__caption">
          <a href={artwork.url}>{artwork.title}</a> · <a href={artwork.artist_url}>{artwork.artist_name}</a>
        </figcaption>
      </figure>
    </section>
  );
}

export function EditorsPicksView({ data, display, t }: SectionProps<{ results: EditorsPickData[] }>) {
  const picks = data.results.filter((pick) => pick.artworks.length > 0);
  if (picks.length === 0) return null;
  return (
    <HomeSectionFrame id="editors-picks" title={t('home.editorsPicks')} text={t('home.editorsPicksText')}>
      {picks.map((pick) => (
        <div key={pick.id} className="pick">
          <h3 className="pick__title">{pick.title}</h3>
          <CardRail cards={pick.artworks.map((card) => formatCard(card, display))} label={pick.title} />
        </div>
      ))}
    </HomeSectionFrame>
  );
}

function CardsView({ id, title, cards, layout }: { id: string; title: string; cards: ProductCardData[]; layout: 'grid' | 'rail' }) {
  if (cards.length === 0) return null;
  return (
    <HomeSectionFrame id={id} title={title}>
      {layout === 'grid' ? <ProductGrid cards={cards} headingLevel={3} eagerCards={0} /> : <CardRail cards={cards} label={title} />}
    </HomeSectionFrame>
  );
}

export function FeaturedArtView({ data, display, t }: SectionProps<{ results: ContractCard[] }>) {
  return <CardsView id="featured-art" title={t('home.featured')} cards={data.results.map((card) => formatCard(card, display))} layout="grid" />;
}

export function RecentlyViewedView({ data, display, t }: SectionProps<{ results: ContractCard[] }>) {
  return <CardsView id="recently-viewed" title={t('home.recentlyViewed')} cards={data.results.map((card) => formatCard(card, display))} layout="rail" />;
}

export function RecommendationsView({ cards, t }: { cards: ProductCardData[]; t: Translate<'home'> }) {
  return <CardsView id="recommendations" title={t('home.recommendations')} cards={cards} layout="grid" />;
}

export function ArtistsView({ id, title, artists, t, place }: { id: string; title: string; artists: ArtistData[]; t: Translate<'artist'>; place: (artist: ArtistData) => string }) {
  if (artists.length === 0) return null;
  return (
    <HomeSectionFrame id={id} title={title}>
      <ul className="rail rail--artists" role="list" aria-label={title}>
        {artists.map((artist) => (
          <li key={artist.id} className="rail__item">
            <a className="artist-tile" href={artist.url}>
              <ArtistAvatar className="artist-tile__avatar" avatar={artist.avatar} sizes="96px" />
              <span className="artist-tile__name">{artist.name}</span>
              <span className="artist-tile__meta">{place(artist)}</span>
              <span className="artist-tile__meta">{t('artist.availableCount', { count: artist.available_count })}</span>
            </a>
          </li>
        ))}
      </ul>
    </HomeSectionFrame>
  );
}
