'use client';

import type { Currency } from '@easel/shared/vocabulary';
import { useState } from 'react';
import { ecommerceEvent, pushDataLayer } from '../lib/analytics';
import { useT } from '../lib/i18n/use-t';
import { basketMessages } from '../lib/i18n/messages/basket';
import { formatPrice } from '../lib/money';
import { useBasket } from './basket-provider';
import { useToast } from './toasts';
import './shop/shop.css';

export interface AddToBasketProps {
  slug: string;
  title: string;
  /** A print edition's size slug and label; absent for the original. */
  print?: { slug: string; size_label: string } | undefined;
  /** What one costs in `currency`, minor units: reported with the add_to_cart event. */
  unitPriceMinor: number;
  currency: Currency;
  /** The id of what tells this button from others like it (a print's size): read after its name. */
  describedBy?: string | undefined;
}

/**
 * "Add to basket" for an original or one print edition: adds it, says so (that an original is
 * already there, or why not, in the server's words), and reports add_to_cart to the data layer.
 */
export function AddToBasket({ slug, title, print, unitPriceMinor, currency, describedBy }: AddToBasketProps) {
  const t = useT(basketMessages);
  const basket = useBasket();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const busy = basket.state.status === 'updating';

  const add = async () => {
    setError(null);
    // An original is one of a kind: adding it again leaves the basket as it is, and says so.
    const already = !print && (basket.getState().data?.items.some((i) => i.slug === slug && i.print === null) ?? false);
    if (await basket.add({ artwork: slug, ...(print ? { print: print.slug } : {}) })) {
      if (!already) pushDataLayer(ecommerceEvent('add_to_cart', currency, [{ slug, title, variant: print?.size_label, unit_price_minor: unitPriceMinor, quantity: 1 }]));
      // A mini-basket: the work, what the basket now comes to, and the way to check out. It
      // stays until the shopper checks out or closes it; the next one takes its place.
      const now = basket.getState().data;
      const item = print ? `${title}, ${print.size_label}` : title;
      toast.show({
        title: t(already ? 'basket.alreadyIn' : 'basket.added'),
        body: now ? `${item} · ${t('basket.subtotalOf', { count: now.count, amount: formatPrice(now.subtotal_minor, now.currency) })}` : item,
        action: { href: '/checkout/', label: t('basket.checkout') },
        durationMs: null,
        group: 'mini-basket',
      });
    } else {
      setError(basket.getState().error);
    }
  };

  return (
    <div className="add-to-basket">
      <button type="button" className="button" onClick={add} disabled={busy} data-add-to-basket={slug} aria-describedby={describedBy}>
        {t('basket.add')}
      </button>
      {error && <p className="add-to-basket__error" role="alert">{error}</p>}
    </div>
  );
}
