import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { slugSchema } from '@easel/search-service/contract';
import { ArtistCv } from '../../../components/artist/artist-cv';
import { ArtistProfile } from '../../../components/artist/artist-profile';
import { ArtistWorks } from '../../../components/artist/artist-works';
import { ProductGrid } from '../../../components/product-grid';
import { getArtistPageData } from '../../../lib/catalogue/artists';
import { isDefaultChoice, parseArtistWorksQuery } from '../../../lib/catalogue/artist-works';
import { formatCard } from '../../../lib/cards';
import { getDb } from '../../../lib/db';
import { getRequestAccount } from '../../../lib/account/server';
import { isFollowing } from '@easel/data/queries/follows';
import { getTranslator } from '../../../lib/i18n/translate';
import { fetchGallery } from '../../../lib/search/gallery-page';
import { getShopperSettings } from '../../../lib/settings/server';
import { artistPlace } from '../../../lib/artist-place';
import { mayEditArtist } from '../../../lib/catalogue/artwork-edit';
import type { CountryCode } from '../../../lib/settings/countries';
import { countryName } from '../../../lib/settings/entity';
import './artist-page.css';

type SearchParams = Record<string, string | string[] | undefined>;
interface ArtistPageProps {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

/**
 * The artist from the catalogue, read once per request for the metadata and the page;
 * undefined for a malformed or unknown slug, which the page answers with the not-found page.
 */
const readArtist = cache(async (slug: string) =>
  slugSchema.safeParse(slug).success ? getArtistPageData(await getDb(), slug, {}) : undefined,
);

/**
 * SPEC §2: artist pages declare no language variants, only their own canonical address. Views
 * of another category, order or page are not for search engines; the artist's page is.
 */
export async function generateMetadata({ params, searchParams }: ArtistPageProps): Promise<Metadata> {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const artist = await readArtist(slug);
  if (!artist) return {};
  const settings = await getShopperSettings(query);
  const t = getTranslator(settings.language);
  const title = t('artist.metaTitle', { name: artist.name });
  const description = t('artist.metaDescription', { name: artist.name, place: artistPlace(artist, settings.language) });
  return {
    title,
    description,
    alternates: { canonical: artist.url },
    ...(isDefaultChoice(parseArtistWorksQuery(slug, query)) ? {} : { robots: { index: false, follow: true } }),
    openGraph: {
      type: 'profile',
      title,
      description,
      url: artist.url,
      images: [{ url: artist.avatar.src, width: artist.avatar.width, height: artist.avatar.height, alt: artist.name }],
    },
  };
}

/**
 * An artist's page: who they are (from the catalogue), their works for sale (from the search
 * service, filtered through the page's own links), their CV and, apart, what they have sold. Without the
 * search service the page still shows the artist and their sold works.
 */
export default async function ArtistPage({ params, searchParams }: ArtistPageProps) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const artist = await readArtist(slug);
  if (!artist) notFound();
  const settings = await getShopperSettings(query);
  const t = getTranslator(settings.language);
  const display = { currency: settings.currency, units: settings.display_units, language: settings.language };
  const definition = parseArtistWorksQuery(slug, query);
  const account = await getRequestAccount();
  const [works, following] = await Promise.all([
    // Each card's free shipping is for the shopper's country.
    fetchGallery({ ...definition, country: settings.country }, display),
    account ? isFollowing(await getDb(), account.id, artist.id) : false,
  ]);
  const shipsFrom = artist.ships_from.length === 0 ? null
    : t('artist.shipsFrom', { country: artist.ships_from.map((code) => countryName(code as CountryCode, settings.language)).join(', ') });
  return (
    <div className="container artist-page">
      <ArtistProfile
        artist={artist}
        place={artistPlace(artist, settings.language)}
        shipsFrom={shipsFrom}
        following={following}
        editable={account !== null && mayEditArtist(account, artist.id)}
        own={account?.artist_id === artist.id}
        t={t}
      />
      <ArtistWorks slug={slug} definition={definition} works={works} t={t} />
      <ArtistCv education={artist.education} exhibitions={artist.exhibitions} t={t} />
      {artist.sold_works.length > 0 && (
        <section className="artist-page__section" aria-labelledby="sold-works-title">
          <header className="artist-page__head">
            <h2 className="artist-page__title" id="sold-works-title">{t('artist.soldWorks')}</h2>
            <p className="artist-page__count">{t('artist.soldCount', { count: artist.sold_count })}</p>
          </header>
          <ProductGrid cards={artist.sold_works.map((card) => formatCard(card, display))} soldLabel={t('artist.sold')} eagerCards={0} />
        </section>
      )}
    </div>
  );
}
