import type { Metadata } from 'next';
import { getNewWorksByFollowedArtists } from '@easel/data/queries/follows';
import { AccountWorks, shopperCards } from '../../../components/account/account-works';
import { getRequestAccount } from '../../../lib/account/server';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

/** Four rows of the widest grid: the newest from everyone followed. */
const NEW_WORKS_LIMIT = 48;

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('following.title'), robots: { index: false, follow: false } };
}

/** New work by the artists the shopper follows, newest first. */
export default async function FollowingPage() {
  const settings = await getShopperSettings();
  const t = getTranslator(settings.language);
  const account = await getRequestAccount();
  const db = await getDb();
  const cards = account && (await shopperCards(db, await getNewWorksByFollowedArtists(db, account.id, NEW_WORKS_LIMIT), settings));
  return (
    <AccountWorks
      title={t('following.title')} text={t('following.text')} cards={cards} signInText={t('following.signIn')}
      loginLabel={t('account.login')} emptyText={t('following.empty')} shopLabel={t('shell.shop')}
    />
  );
}
