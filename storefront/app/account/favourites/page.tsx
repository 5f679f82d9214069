import type { Metadata } from 'next';
import { getFavourites } from '@easel/data/queries/favourites';
import { getIndexableArtworksByIds } from '@easel/data/queries/search-source';
import { AccountWorks, shopperCards } from '../../../components/account/account-works';
import { getRequestAccount } from '../../../lib/account/server';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('favourites.name'), robots: { index: false, follow: false } };
}

/** The signed-in shopper's favourites, most recently saved first. */
export default async function FavouritesPage() {
  const settings = await getShopperSettings();
  const t = getTranslator(settings.language);
  const account = await getRequestAccount();
  const db = await getDb();
  const cards = account && (await shopperCards(db, await getIndexableArtworksByIds(db, (await getFavourites(db, account.id)).map((e) => e.id)), settings));
  return (
    <AccountWorks
      title={t('favourites.name')} cards={cards} signInText={t('favourites.signIn')} loginLabel={t('account.login')}
      emptyText={t('favourites.empty')} shopLabel={t('shell.shop')}
    />
  );
}
