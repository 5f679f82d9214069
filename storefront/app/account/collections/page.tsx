import type { Metadata } from 'next';
import { getCollections } from '@easel/data/queries/collections';
import { CreateAndOpenCollection } from '../../../components/collections/create-collection-form';
import '../../../components/collections/collections.css';
import { getRequestAccount } from '../../../lib/account/server';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('collections.title'), robots: { index: false, follow: false } };
}

/** The signed-in shopper's collections, newest first, and a form to make another. */
export default async function CollectionsPage() {
  const t = getTranslator((await getShopperSettings()).language);
  const account = await getRequestAccount();
  const collections = account ? await getCollections(await getDb(), account.id) : [];
  return (
    <div className="container collections-page">
      <header className="intro">
        <h1 className="intro__title">{t('collections.title')}</h1>
        <p className="intro__count">{t('collections.intro')}</p>
      </header>
      {account ? (
        <>
          <div className="collections-page__create">
            <CreateAndOpenCollection />
          </div>
          {collections.length === 0 ? (
            <p className="notice">{t('collections.empty')}</p>
          ) : (
            <ul className="collection-list" role="list">
              {collections.map((c) => (
                <li key={c.id}>
                  <a className="collection-tile" href={`/account/collections/${c.slug}/`} data-collection-link={c.slug}>
                    <span className="collection-tile__name">{c.name}</span>
                    <span className="collection-tile__count">{t('collections.count', { count: c.total_items })}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className="notice">{t('collections.signIn')}</p>
      )}
    </div>
  );
}
