'use client';

import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { favouriteEvent, pushDataLayer } from '../../lib/analytics';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { favouritesMessages } from '../../lib/i18n/messages/favourites';
import { useAccount } from '../account/account-context';
import { useToast } from '../toasts';

interface FavouritesContextValue {
  /** Slugs of the signed-in shopper's favourites; empty for a visitor. */
  favourites: ReadonlySet<string>;
  /** Adds or removes a favourite; a visitor logs in first (the login overlay). */
  toggle(slug: string): void;
}

const FavouritesContext = createContext<FavouritesContextValue | null>(null);

/**
 * The shopper's favourites, for the hearts on every card. A visitor's page asks nothing; a
 * signed-in shopper's list is read once per sign-in. A toggle made while that list is on its way
 * (the favourite a visitor asked for before logging in) is laid over it when it arrives.
 */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const t = useT(favouritesMessages);
  const toast = useToast();
  const { user, whenSignedIn } = useAccount();
  const [favourites, setFavourites] = useState<ReadonlySet<string>>(new Set());
  const toggled = useRef(new Map<string, boolean>());
  const userId = user?.id;

  useEffect(() => {
    setFavourites(new Set());
    toggled.current.clear();
    if (userId === undefined) return;
    let current = true;
    answer(api.collections.api.favourites.index.$get())
      .then((body) => {
        if (!current) return;
        const loaded = new Set(body.results.map((e) => e.slug));
        for (const [slug, favourited] of toggled.current) {
          if (favourited) loaded.add(slug);
          else loaded.delete(slug);
        }
        setFavourites(loaded);
      })
      .catch(() => {
        // Hearts stay empty; the next sign-in or page asks again.
      });
    return () => {
      current = false;
    };
  }, [userId]);

  const toggle = useCallback(
    (slug: string) =>
      whenSignedIn(async () => {
        try {
          const { favourited } = await answer(api.collections.api.favourites.index.$post({ json: { slug } }));
          toggled.current.set(slug, favourited);
          setFavourites((previous) => {
            const next = new Set(previous);
            if (favourited) next.add(slug);
            else next.delete(slug);
            return next;
          });
          if (favourited) {
            pushDataLayer(favouriteEvent(slug));
            toast.show({ title: t('favourites.added') });
          }
        } catch (error) {
          toast.show({ title: error instanceof Error ? error.message : String(error), tone: 'error' });
        }
      }),
    [whenSignedIn, toast, t],
  );

  const value = useMemo(() => ({ favourites, toggle }), [favourites, toggle]);
  return <FavouritesContext value={value}>{children}</FavouritesContext>;
}

export function useFavourites(): FavouritesContextValue {
  const value = use(FavouritesContext);
  if (!value) throw new Error('useFavourites() is used outside <FavouritesProvider>.');
  return value;
}
