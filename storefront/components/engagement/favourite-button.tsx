'use client';

import { useReducer, useState } from 'react';
import { favouriteEvent, pushDataLayer } from '../../lib/analytics';
import { favouriteCountReducer } from '../../lib/engagement/favourite-count';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { favouritesMessages } from '../../lib/i18n/messages/favourites';
import { useAccount } from '../account/account-context';
import { useToast } from '../toasts';
import { useApiMutation } from '../use-api-mutation';
import './engagement.css';

export interface FavouriteButtonProps {
  slug: string;
  count: number;
  /** Whether the signed-in shopper has it among their favourites (false for a visitor). */
  favourited: boolean;
}

/**
 * The heart with the favourite count. It answers at once (the count moves by one) and then takes
 * the server's count; a visitor logs in first and the favourite is saved afterwards.
 */
export function FavouriteButton({ slug, count: initialCount, favourited: initiallyFavourited }: FavouriteButtonProps) {
  const t = useT(favouritesMessages);
  const toast = useToast();
  const { whenSignedIn } = useAccount();
  const [count, dispatch] = useReducer(favouriteCountReducer, initialCount);
  const [favourited, setFavourited] = useState(initiallyFavourited);
  const toggle = useApiMutation({
    // At once, then the server's answer; a refusal puts back what was shown before.
    onMutate: () => {
      dispatch({ type: favourited ? 'decrement' : 'increment' });
      setFavourited(!favourited);
      return { favourited, count };
    },
    mutationFn: () => answer(api.collections.api.favourites.index.$post({ json: { slug } })),
    onSuccess: (saved) => {
      setFavourited(saved.favourited);
      dispatch({ type: 'set', count: saved.favourite_count });
      if (saved.favourited) {
        pushDataLayer(favouriteEvent(slug));
        toast.show({ title: t('favourites.added') });
      }
    },
    onError: (_error, _variables, before) => {
      if (!before) return;
      setFavourited(before.favourited);
      dispatch({ type: 'set', count: before.count });
    },
  });

  return (
    <button
      type="button"
      className="outline-control favourite-button"
      aria-pressed={favourited}
      disabled={toggle.isPending}
      onClick={() => whenSignedIn(() => toggle.mutate())}
      data-favourite={slug}
    >
      <svg className="favourite-button__heart" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.4 5c2 0 3.6 1.1 4.6 2.6C12 6.1 13.6 5 15.6 5 19 5 21 8.4 19.6 11.7 17.5 16.4 12 21 12 21z" />
      </svg>
      <span>{favourited ? t('favourites.remove') : t('favourites.add')}</span>
      <span className="favourite-button__count">{t('favourites.count', { count })}</span>
    </button>
  );
}
