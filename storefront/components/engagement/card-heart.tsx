'use client';

import { useT } from '../../lib/i18n/use-t';
import { favouritesMessages } from '../../lib/i18n/messages/favourites';
import { useFavourites } from './favourites-provider';
import './engagement.css';

/** The heart in a card's corner: the shopper's favourite or not, toggled in place. */
export function CardHeart({ slug, title }: { slug: string; title: string }) {
  const t = useT(favouritesMessages);
  const { favourites, toggle } = useFavourites();
  const favourited = favourites.has(slug);
  return (
    <button
      type="button"
      className="card-heart"
      aria-pressed={favourited}
      aria-label={`${t(favourited ? 'favourites.remove' : 'favourites.add')}: ${title}`}
      onClick={() => toggle(slug)}
      data-card-heart={slug}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3 5 6.4 5c2 0 3.6 1.1 4.6 2.6C12 6.1 13.6 5 15.6 5 19 5 21 8.4 19.6 11.7 17.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
