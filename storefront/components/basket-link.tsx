'use client';

import { useT } from '../lib/i18n/use-t';
import { useSettings } from '../lib/settings/settings-context';

/** The header's way to the basket ("cart" in American English), with its item count. */
export function BasketLink() {
  const t = useT();
  const count = useSettings().settings.basket_count;
  return (
    <a className="basket-link" href="/basket/" aria-label={t('basket.link', { count })}>
      {/* A space, so the words read out ("Basket, 2 items") start with the words shown ("Basket 2"). */}
      {t('basket.name')}{' '}
      <span className="basket-link__count" aria-hidden="true">{count}</span>
    </a>
  );
}
