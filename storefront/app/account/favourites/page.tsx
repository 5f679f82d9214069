import type { Metadata } from 'next';
import { getFavourites } from '@easel/data/queries/favourites';
import { getRateMatrix, getIndexableArtworksByIds } from '@easel/data/queries/search-source';
import { LoginPrompt } from '../../../components/account/login-prompt';
import { ProductGrid } from '../../../components/product-grid';
import { getRequestAccount } from '../../../lib/account/server';
import { toCard as toDisplayCard } from '../../../lib/cards';
import { toCard } from '../../../lib/catalogue/cards';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('favourites.name'), robots: { index: false, follow: false } };
}

/** The signed-in shopper's favourites, most recently saved first, sold ones marked. */
export default async function FavouritesPage() {
  const settings = await getShopperSettings();
  const t = getTranslator(settings.language);
  const account = await getRequestAccount();
  const display = { currency: settings.currency, units: settings.display_units };
  let cards: ReturnType<typeof toDisplayCard>[] = [];
  if (account) {
    const db = await getDb();
    const entries = await getFavourites(db, account.id);
    const [works, rates] = await Promise.all([getIndexableArtworksByIds(db, entries.map((e) => e.id)), getRateMatrix(db)]);
    cards = works.map((w) => toDisplayCard(toCard(w, rates, { ships_to: settings.country }), display));
  }
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('favourites.name')}</h1>
      </header>
      {!account ? (
        <LoginPrompt text={t('favourites.signIn')} action={t('account.login')} />
      ) : cards.length === 0 ? (
        <section className="notice">
          <p className="notice__text">{t('favourites.empty')}</p>
          <a className="button" href="/shop/">{t('shell.shop')}</a>
        </section>
      ) : (
        <ProductGrid cards={cards} />
      )}
    </div>
  );
}
