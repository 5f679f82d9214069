'use client';

import { useT } from '../lib/i18n/use-t';
import { basketMessages } from '../lib/i18n/messages/basket';
import { useSettings } from '../lib/settings/settings-context';

/** The header's way to the basket ("cart" in American English), with its item count. */
export function BasketLink() {
  const t = useT(basketMessages);
  const count = useSettings().settings.basket_count;
  return (
    // Named by its words rather than an aria-label, so the name holds what the link shows.
    <a className="basket-link" href="/basket/">
      <span aria-hidden="true">{t('basket.name')}</span>
      <span className="basket-link__count count-badge" aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('basket.link', { count })}</span>
    </a>
  );
}
