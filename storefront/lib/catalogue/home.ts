import type { Db } from '@easel/data/db';
import { getDiscoveredArtists, getPopularArtists } from '@easel/data/queries/artists';
import { getEditorsPicks, getFeaturedArtworks, getHomepageBanner } from '@easel/data/queries/curation';
import { getRecommendedArtworks } from '@easel/data/queries/recommendations';
import { getRecentlyViewed, getRecentlyViewedIds } from '@easel/data/queries/recently-viewed';
import { getRateMatrix } from '@easel/data/queries/search-source';
import type { Currency } from '@easel/shared/vocabulary';
import type { ProductCard } from '@easel/search-service/contract';
import { imageSpecOf } from '@easel/indexer/documents';
import { formatCard } from '../cards';
import type { Language } from '../i18n/languages';
import type { DisplayUnits } from '../money';
import type { Recommendations } from '../recommendations';
import { toArtistData, type ArtistData } from './artists';
import { artworkToProductCard, imageSource, type ImageSource } from './cards';
import { sharedHomepageData } from './shared-cache';

/**
 * The homepage's sections as their endpoints answer them. The page renders the same data on
 * the server, so a section the browser has to load looks exactly like one the server sent.
 */

/** A homepage row's worth of works per pick. */
const WORKS_PER_PICK = 8;
/** Featured art fills three rows of the widest grid. */
const FEATURED_ART_LIMIT = 12;
/** Recommendations fill two rows of the widest grid. */
export const RECOMMENDATIONS_LIMIT = 8;
/** How many recently viewed works seed a shopper's recommendations. */
const RECOMMENDATION_SEEDS = 3;
/** A work listed within this many days is new. */
const NEW_WORK_DAYS = 30;
/** The hero is shown full width; `srcSet` has the smaller widths. */
const BANNER_IMAGE_WIDTH = 1600;

export type ShipsTo = string | undefined;
export type CardList = { results: ProductCard[] };

export interface BannerData {
  id: number;
  title: string;
  subtitle: string;
  link: { label: string; url: string };
  image: ImageSource & { alt: string };
  artwork: { slug: string; title: string; url: string; artist_name: string; artist_url: string };
}

export interface EditorsPickData {
  id: number;
  title: string;
  slug: string;
  artworks: ProductCard[];
}

/** The hero banner, whole; null when staff have set none. */
export async function loadBanner(db: Db): Promise<BannerData | null> {
  return (await sharedHomepageData(db, 'banner', async () => ({ banner: await readBanner(db) }))).banner;
}

async function readBanner(db: Db): Promise<BannerData | null> {
  const banner = await getHomepageBanner(db);
  if (!banner) return null;
  const { artwork } = banner;
  return {
    id: banner.id,
    title: banner.title,
    subtitle: banner.subtitle,
    link: { label: banner.link_label, url: banner.link_url },
    image: { ...imageSource(imageSpecOf(artwork), BANNER_IMAGE_WIDTH), alt: `${artwork.title} by ${artwork.artist.name}` },
    artwork: {
      slug: artwork.slug, title: artwork.title, url: `/product/${artwork.slug}/`,
      artist_name: artwork.artist.name, artist_url: `/artist/${artwork.artist.slug}/`,
    },
  };
}

/** The editors' picks in staff order, each with its works still for sale, most popular first. */
export function loadEditorsPicks(db: Db, shipsTo: ShipsTo): Promise<{ results: EditorsPickData[] }> {
  return sharedHomepageData(db, `editors-picks:${shipsTo}`, async () => {
    const [picks, rates] = await Promise.all([getEditorsPicks(db, WORKS_PER_PICK), getRateMatrix(db)]);
    return {
      results: picks.map(({ artworks, ...pick }) => ({ ...pick, artworks: artworks.map((w) => artworkToProductCard(w, rates, { ships_to: shipsTo })) })),
    };
  });
}

/** The works staff feature, still for sale, most popular first. */
export function loadFeaturedArt(db: Db, shipsTo: ShipsTo): Promise<CardList> {
  return sharedHomepageData(db, `featured-art:${shipsTo}`, async () => {
    const [works, rates] = await Promise.all([getFeaturedArtworks(db, FEATURED_ART_LIMIT), getRateMatrix(db)]);
    return { results: works.map((w) => artworkToProductCard(w, rates, { ships_to: shipsTo })) };
  });
}

export const ARTIST_LISTS = { popular: getPopularArtists, discovered: getDiscoveredArtists } as const;
export type ArtistList = keyof typeof ARTIST_LISTS;

export function loadArtists(db: Db, list: ArtistList, limit: number): Promise<{ results: ArtistData[] }> {
  return sharedHomepageData(db, `artists:${list}:${limit}`, async () => ({ results: (await ARTIST_LISTS[list](db, limit)).map(toArtistData) }));
}

/** The viewer's recently viewed works with their availability; none for a visitor without a session. */
export async function loadRecentlyViewed(db: Db, viewer: string | null, shipsTo: ShipsTo): Promise<{ results: (ProductCard & { status: string })[] }> {
  if (viewer === null) return { results: [] };
  const [works, rates] = await Promise.all([getRecentlyViewed(db, viewer), getRateMatrix(db)]);
  return { results: works.map((w) => ({ ...artworkToProductCard(w, rates, { ships_to: shipsTo }), status: w.status })) };
}

/**
 * Recommendations for a product's page (`product`, works like it) or for the homepage's viewer
 * (works like what they looked at last, else the most loved new listings), priced in `currency`,
 * measured in `units` and worded in `language`; `id` names which.
 */
export async function loadRecommendations(
  db: Db,
  { product, viewer, currency, units, language, now = new Date() }: { product?: { id: number; slug: string }; viewer: string | null; currency: Currency; units: DisplayUnits; language: Language; now?: Date },
): Promise<Recommendations> {
  const seeds = product ? [product.id] : viewer === null ? [] : await getRecentlyViewedIds(db, viewer, RECOMMENDATION_SEEDS);
  const [works, rates] = await Promise.all([getRecommendedArtworks(db, seeds, RECOMMENDATIONS_LIMIT), getRateMatrix(db)]);
  const newSince = now.getTime() - NEW_WORK_DAYS * 86_400_000;
  const recommendations: Recommendations['recommendations'] = {};
  for (const work of works) {
    const card = artworkToProductCard(work, rates, {});
    const shown = formatCard(card, { currency, units, language });
    recommendations[String(work.id)] = {
      title: work.title,
      url: card.url,
      photo: card.main_image,
      photo_set: shown.image.srcSet,
      artist_name: work.artist.name,
      currency,
      sub_category: shown.medium,
      dimension_description: shown.size,
      is_new: Date.parse(work.created_at) >= newSince,
      is_in_stock: work.status === 'available',
      display_price: shown.price,
    };
  }
  return { id: product ? product.slug : 'home', order: works.map((w) => w.id), recommendations };
}
