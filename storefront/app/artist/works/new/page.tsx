import type { Metadata } from 'next';
import { getShippingProfiles } from '@easel/data/queries/listings';
import { LoginPrompt } from '../../../../components/account/login-prompt';
import { ListingForm } from '../../../../components/selling/listing-form';
import { getRequestAccount } from '../../../../lib/account/server';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import type { CountryCode } from '../../../../lib/settings/countries';
import { getShopperSettings } from '../../../../lib/settings/server';
import { countryName } from '../../../../lib/settings/entity';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('selling.newTitle'), robots: { index: false, follow: false } };
}

/** "List a work": the listing form for the signed-in artist, measured in their own units. */
export default async function ListWorkPage() {
  const [settings, account] = await Promise.all([getShopperSettings(), getRequestAccount()]);
  const t = getTranslator(settings.language);
  const artistId = account?.role === 'provider' ? account.artist_id : null;
  const profiles = artistId === null ? null : (await getShippingProfiles(await getDb(), artistId))
    .map((p) => ({ ...p, country: countryName(p.ships_from as CountryCode, settings.language) }));
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('selling.newTitle')}</h1>
        <p className="intro__count">{t('selling.newIntro')}</p>
        <p className="intro__count"><a href="/artist/works/">{t('selling.backToWorks')}</a></p>
      </header>
      {account === null ? (
        <LoginPrompt text={t('listing.signIn')} action={t('account.login')} />
      ) : profiles === null ? (
        <p className="notice">{t('listing.notArtist')}</p>
      ) : (
        <ListingForm profiles={profiles} units={settings.display_units} />
      )}
    </div>
  );
}
