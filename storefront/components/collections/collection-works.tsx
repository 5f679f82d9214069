'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { ProductCardData } from '../../lib/cards';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { collectionsMessages } from '../../lib/i18n/messages/collections';
import { ProductGrid } from '../product-grid';
import { useToast } from '../toasts';
import './collections.css';

/** A collection's works, each with "Remove"; the page is then read again, so it shows what is stored. */
export function CollectionWorks({ collection, cards }: { collection: string; cards: ProductCardData[] }) {
  const t = useT(collectionsMessages);
  const toast = useToast();
  const router = useRouter();
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (slug: string) => {
    setRemoving(slug);
    try {
      await answer(api.collections.api.items.index.$delete({ json: { collection, product: slug } }));
      router.refresh();
    } catch (error) {
      toast.show({ title: error instanceof Error ? error.message : String(error), tone: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <ProductGrid
      cards={cards}
      after={(card) => (
        <button
          type="button"
          className="link-button collection-page__remove"
          aria-label={t('collections.removeWork', { title: card.title })}
          disabled={removing !== null}
          onClick={() => void remove(card.slug)}
          data-remove={card.slug}
        >
          {t('collections.remove')}
        </button>
      )}
    />
  );
}
