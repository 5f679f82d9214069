import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { CollectionWorks } from '../../../../components/collections/collection-works';
import { ManageCollection } from '../../../../components/collections/manage-collection';
import '../../../../components/collections/collections.css';
import { getRequestAccount } from '../../../../lib/account/server';
import { formatCard } from '../../../../lib/cards';
import { slugSchema } from '../../../../lib/request-params';
import { loadCollectionView } from '../../../../lib/collections/collection-view';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import { getShopperSettings } from '../../../../lib/settings/server';

interface CollectionPageProps {
  params: Promise<{ slug: string }>;
}

/**
 * The signed-in owner's collection, or null: a malformed slug, a visitor, or a collection that
 * is not theirs (which answers 404 as if it did not exist).
 */
const readCollection = cache(async (slug: string) => {
  const [account, settings] = await Promise.all([getRequestAccount(), getShopperSettings()]);
  if (!account || !slugSchema.safeParse(slug).success) return { account, view: null };
  // Each card's free shipping is for the shopper's country.
  return { account, view: await loadCollectionView(await getDb(), account.id, slug, settings.country) };
});

export async function generateMetadata({ params }: CollectionPageProps): Promise<Metadata> {
  const { view } = await readCollection((await params).slug);
  const t = getTranslator((await getShopperSettings()).language);
  return { title: view?.collection.name ?? t('collections.title'), robots: { index: false, follow: false } };
}

/** One of the shopper's collections: its works in the gallery's grid, each with "Remove"; the collection renamed or deleted. */
export default async function CollectionPage({ params }: CollectionPageProps) {
  const [{ slug }, settings] = await Promise.all([params, getShopperSettings()]);
  const t = getTranslator(settings.language);
  const { account, view } = await readCollection(slug);
  if (!account) {
    return (
      <div className="container">
        <p className="notice">{t('collections.signIn')}</p>
      </div>
    );
  }
  if (!view) notFound();
  const display = { currency: settings.currency, units: settings.display_units, language: settings.language };
  return (
    <div className="container collection-page">
      <header className="intro">
        <a className="collection-page__back" href="/account/collections/">{t('collections.back')}</a>
        <h1 className="intro__title">{view.collection.name}</h1>
        <p className="intro__count" data-total-items={view.collection.total_items}>{t('collections.count', { count: view.collection.total_items })}</p>
        <ManageCollection slug={view.collection.slug} name={view.collection.name} />
      </header>
      {view.results.length === 0 ? (
        <p className="notice">{t('collections.emptyOne')}</p>
      ) : (
        <div className="collection-page__works">
          <CollectionWorks collection={view.collection.slug} cards={view.results.map((card) => formatCard(card, display))} />
        </div>
      )}
    </div>
  );
}
