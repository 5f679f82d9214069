import type { Metadata } from 'next';
import { cache } from 'react';
import { notFound } from 'next/navigation';
import { getArtistCv } from '@easel/data/queries/artist-cv';
import { getArtistBySlug } from '@easel/data/queries/artists';
import { SHIPPING_COUNTRIES } from '@easel/shared/vocabulary';
import { ArtistCvForm } from '../../../../components/artist/artist-cv-form';
import { getRequestAccount } from '../../../../lib/account/server';
import { mayEditArtist } from '../../../../lib/catalogue/artwork-edit';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import { slugSchema } from '../../../../lib/request-params';
import type { CountryCode } from '../../../../lib/settings/countries';
import { getShopperSettings } from '../../../../lib/settings/server';
import { countryName } from '../../../../lib/settings/entity';

interface EditProfilePageProps {
  params: Promise<{ slug: string }>;
}

/**
 * The artist from the catalogue, read once per request for the metadata and the page;
 * undefined for a malformed or unknown slug, which the page answers with the not-found page.
 */
const readArtist = cache(async (slug: string) => {
  const valid = slugSchema.safeParse(slug);
  return valid.success ? getArtistBySlug(await getDb(), valid.data) : undefined;
});

export async function generateMetadata({ params }: EditProfilePageProps): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  // Named by the artist's name, not their address.
  const artist = await readArtist((await params).slug);
  return { ...(artist && { title: t('artistEdit.title', { name: artist.name }) }), robots: { index: false, follow: false } };
}

/**
 * An artist's profile form, for the artist and staff; the role is checked here and again by the
 * endpoint the form saves through. Anyone else sees why they cannot edit it.
 */
export default async function EditArtistProfilePage({ params }: EditProfilePageProps) {
  const db = await getDb();
  const [{ language }, account, artist] = await Promise.all([getShopperSettings(), getRequestAccount(), readArtist((await params).slug)]);
  if (!artist) notFound();
  const t = getTranslator(language);
  const refusal = account === null ? t('artistEdit.signIn') : mayEditArtist(account, artist.id) ? null : t('artistEdit.notAllowed');
  const cv = refusal === null ? await getArtistCv(db, artist.id) : undefined;
  const profileUrl = `/artist/${artist.slug}/`;
  const countries = SHIPPING_COUNTRIES.map((value) => ({ value, label: countryName(value as CountryCode, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('artistEdit.title', { name: artist.name })}</h1>
        <p className="intro__count"><a href={profileUrl}>{t('artistEdit.backToProfile')}</a></p>
      </header>
      {refusal !== null || !cv ? (
        <p className="notice">{refusal}</p>
      ) : (
        <ArtistCvForm slug={artist.slug} profileUrl={profileUrl} cv={cv} countries={countries} />
      )}
    </div>
  );
}
