'use client';

import { useEffect, useState } from 'react';
import type { ProductCollection } from '@easel/data/queries/collections';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { collectionsMessages } from '../../lib/i18n/messages/collections';
import { useToast } from '../toasts';
import { CreateCollectionForm } from './create-collection-form';
import './collections.css';

/**
 * The signed-in user's collections as checkboxes for one work (SPEC §3's list: whether the work
 * is in each, and how many works each holds), and a form to make a new one with the work in it.
 * Each box moves at once and then takes the server's answer, so the counts end as stored; a box is
 * disabled while its change is on its way, so quick clicks cannot cross.
 */
export function CollectionChoices({ slug }: { slug: string }) {
  const t = useT(collectionsMessages);
  const toast = useToast();
  const [collections, setCollections] = useState<ProductCollection[] | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    let live = true;
    answer(api.collections.api.index.$get({ query: { product: slug } }))
      // Asked with a product, every collection answers whether the work is in it.
      .then(({ results }) => live && setCollections(results.flatMap((c) => ('is_product_in_collection' in c && typeof c.is_product_in_collection === 'boolean' ? [{ ...c, is_product_in_collection: c.is_product_in_collection }] : []))))
      .catch((error: unknown) => live && toast.show({ title: error instanceof Error ? error.message : String(error), tone: 'error' }));
    return () => {
      live = false;
    };
  }, [slug, toast]);

  const replace = (changed: ProductCollection) => setCollections((list) => (list ?? []).map((c) => (c.id === changed.id ? changed : c)));

  const put = async (collection: { id: number; slug: string }, inCollection: boolean) => {
    setBusy((ids) => new Set(ids).add(collection.id));
    try {
      const json = { collection: collection.slug, product: slug };
      const items = api.collections.api.items.index;
      return await answer(inCollection ? items.$post({ json }) : items.$delete({ json }));
    } catch (error) {
      toast.show({ title: error instanceof Error ? error.message : String(error), tone: 'error' });
      return undefined;
    } finally {
      setBusy((ids) => new Set([...ids].filter((id) => id !== collection.id)));
    }
  };

  // SPEC §4: the box flips and the count moves by one at once; then the server's answer stands.
  const toggle = async (collection: ProductCollection) => {
    const inCollection = !collection.is_product_in_collection;
    replace({ ...collection, is_product_in_collection: inCollection, total_items: collection.total_items + (inCollection ? 1 : -1) });
    replace((await put(collection, inCollection)) ?? collection);
  };

  const created = async (collection: { id: number; slug: string }) => {
    const changed = await put(collection, true);
    if (changed) setCollections((list) => [changed, ...(list ?? [])]);
  };

  if (collections === null) return <p className="collection-choices__note" role="status">{t('collections.loading')}</p>;
  return (
    <div className="collection-choices" data-collection-choices={slug}>
      {collections.length > 0 && (
        <ul className="collection-choices__list" role="list">
          {collections.map((c) => (
            <li key={c.id}>
              <label className="collection-choices__choice">
                <input
                  type="checkbox"
                  checked={c.is_product_in_collection}
                  disabled={busy.has(c.id)}
                  onChange={() => void toggle(c)}
                  data-collection={c.slug}
                />
                <span className="collection-choices__name">{c.name}</span>
                <span className="collection-choices__count" data-total-items={c.total_items}>{t('collections.count', { count: c.total_items })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <CreateCollectionForm onCreated={created} />
      <a className="collection-choices__all" href="/account/collections/">{t('collections.all')}</a>
    </div>
  );
}
