'use client';

import { createContext, use, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { basketApi } from '../lib/basket/client';
import { createBasketStore, type BasketState, type BasketStore, type FailureMessages } from '../lib/basket/store';
import { useT } from '../lib/i18n/use-t';
import { basketMessages } from '../lib/i18n/messages/basket';
import { useSettings } from '../lib/settings/settings-context';

/** SPEC §3: the local storage flag that tells whether the basket is empty. */
export const BASKET_EMPTY_KEY = 'basketEmpty';

const BasketContext = createContext<BasketStore | null>(null);

function rememberEmpty(count: number) {
  try {
    window.localStorage.setItem(BASKET_EMPTY_KEY, String(count === 0));
  } catch {
    // Storage can be switched off or full; the header's count still shows the basket.
  }
}

/**
 * Holds the shopper's basket for client components. The basket loads only where it is shown
 * (the basket page) or changed; the header's count and `basketEmpty` in local storage follow
 * every answer, starting from the count the server rendered.
 */
export function BasketProvider({ children }: { children: ReactNode }) {
  const { settings, setBasketCount } = useSettings();
  const t = useT(basketMessages);
  const latest = useRef({ t, pricing: { currency: settings.currency, country: settings.country } });
  latest.current = { t, pricing: { currency: settings.currency, country: settings.country } };
  const [store] = useState(() => {
    const messages: FailureMessages = {
      get updateFailed() { return latest.current.t('basket.updateFailed'); },
      get promoFailed() { return latest.current.t('basket.promoFailed'); },
      get removeFailed() { return latest.current.t('basket.removeFailed'); },
    };
    return createBasketStore(() => basketApi.load(latest.current.pricing), messages, (count) => {
      rememberEmpty(count);
      setBasketCount(count);
    });
  });
  useEffect(() => rememberEmpty(settings.basket_count), [settings.basket_count]);
  return <BasketContext value={store}>{children}</BasketContext>;
}

/** The basket's state and the calls that change it, priced in the shopper's currency with shipping to their ships-to country. */
export function useBasket() {
  const store = use(BasketContext);
  if (!store) throw new Error('useBasket() is used outside <BasketProvider>.');
  const state: BasketState = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const { currency, country } = useSettings().settings;
  const pricing = { currency, country };
  return {
    state,
    /** The state right now, for reading the outcome of a call just awaited. */
    getState: store.getState,
    load: store.load,
    reload: () => store.run('load', () => basketApi.load(pricing)),
    add: (item: { artwork: string; print?: string }) => store.run('update', () => basketApi.add(item, pricing)),
    setQuantity: (line: number, quantity: number) => store.run('update', () => basketApi.setQuantity(line, quantity, pricing)),
    remove: (line: number) => store.run('remove', () => basketApi.remove(line, pricing)),
    applyPromo: (code: string) => store.run('promo', () => basketApi.applyPromo(code, pricing)),
    removePromo: () => store.run('promo', () => basketApi.removePromo(pricing)),
  };
}
