import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getEditableArtwork } from '@easel/data/queries/editing';
import { ArtworkEditForm } from '../../../../components/product/artwork-edit-form';
import { ListingEditHead } from '../../../../components/selling/listing-edit-head';
import { getArtistWork } from '../../../../lib/listing/works';
import { getRequestAccount } from '../../../../lib/account/server';
import { slugSchema } from '../../../../lib/request-params';
import { mayEdit } from '../../../../lib/catalogue/artwork-edit';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import type { CountryCode } from '../../../../lib/settings/countries';
import { getShopperSettings } from '../../../../lib/settings/server';
import { countryName } from '../../../../lib/settings/entity';

interface EditPageProps {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * The work to edit, read once for the title and the page; null for an address that names none,
 * and for a hidden work to anyone who may not edit it (its title is not theirs to see).
 */
const readArtwork = cache(async (slug: string) => {
  const valid = slugSchema.safeParse(slug);
  const [account, artwork] = await Promise.all([getRequestAccount(), valid.success ? getEditableArtwork(await getDb(), valid.data) : undefined]);
  return artwork && (artwork.status !== 'hidden' || (account !== null && mayEdit(account, artwork))) ? artwork : null;
});

export async function generateMetadata({ params }: EditPageProps): Promise<Metadata> {
  const [{ language }, artwork] = await Promise.all([getShopperSettings(), params.then(({ slug }) => readArtwork(slug))]);
  const t = getTranslator(language);
  return { ...(artwork && { title: t('edit.title', { title: artwork.title }) }), robots: { index: false, follow: false } };
}

/**
 * A work's edit form, for staff and the artist who made it; the role is checked here and again
 * by the endpoint the form saves through. Anyone else sees why they cannot edit it.
 */
export default async function EditArtworkPage({ params, searchParams }: EditPageProps) {
  const [{ slug }, { saved }] = await Promise.all([params, searchParams]);
  const [{ language }, account, artwork] = await Promise.all([getShopperSettings(), getRequestAccount(), readArtwork(slug)]);
  if (!artwork) notFound();
  const t = getTranslator(language);
  const refusal = account === null ? t('edit.signIn') : mayEdit(account, artwork) ? null : t('edit.notAllowed');
  const listing = refusal === null && account
    ? await getArtistWork(await getDb(), { staff: account.role === 'staff', artistId: account.role === 'provider' ? account.artist_id : null }, artwork.id)
    : null;
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('edit.title', { title: artwork.title })}</h1>
        {artwork.status !== 'hidden' && <p className="intro__count"><a href={`/product/${artwork.slug}/`}>{t('edit.backToWork')}</a></p>}
        {account?.role === 'provider' && <p className="intro__count"><a href="/artist/works/">{t('selling.backToWorks')}</a></p>}
      </header>
      {refusal !== null ? (
        <p className="notice">{refusal}</p>
      ) : (
        <div className="listing-edit">
          {saved === 'draft' && <p className="listing-edit__saved" role="status">{t('selling.draftSaved')}</p>}
          {listing && <ListingEditHead work={listing} />}
          <ArtworkEditForm
            artwork={artwork}
            shippingProfiles={artwork.shipping_profiles.map((p) => ({ id: p.id, label: countryName(p.ships_from as CountryCode, language) }))}
          />
        </div>
      )}
    </div>
  );
}
