import type { Metadata } from 'next';
import { getNewWorksByFollowedArtists } from '@easel/data/queries/follows';
import { getRateMatrix } from '@easel/data/queries/search-source';
import { LoginPrompt } from '../../../components/account/login-prompt';
import { ProductGrid } from '../../../components/product-grid';
import { getRequestAccount } from '../../../lib/account/server';
import { toCard as toDisplayCard } from '../../../lib/cards';
import { toCard } from '../../../lib/catalogue/cards';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

/** Two rows of the widest grid and more: the newest from everyone followed. */
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
  const display = { currency: settings.currency, units: settings.display_units };
  let cards: ReturnType<typeof toDisplayCard>[] = [];
  if (account) {
    const db = await getDb();
    const [works, rates] = await Promise.all([getNewWorksByFollowedArtists(db, account.id, NEW_WORKS_LIMIT), getRateMatrix(db)]);
    cards = works.map((w) => toDisplayCard(toCard(w, rates, { ships_to: settings.country }), display));
  }
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('following.title')}</h1>
        <p className="intro__count">{t('following.text')}</p>
      </header>
      {!account ? (
        <LoginPrompt text={t('following.signIn')} action={t('account.login')} />
      ) : cards.length === 0 ? (
        <section className="notice">
          <p className="notice__text">{t('following.empty')}</p>
          <a className="button" href="/shop/">{t('shell.shop')}</a>
        </section>
      ) : (
        <ProductGrid cards={cards} />
      )}
    </div>
  );
}
