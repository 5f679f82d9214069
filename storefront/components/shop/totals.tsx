import type { BasketView } from '../../lib/basket/basket';
import type { Translate } from '../../lib/i18n/translator';
import { formatPrice } from '../../lib/money';

/** What the totals read: a basket, a quote or an order (whose shipping is always known). */
type TotalsOf = Pick<BasketView, 'currency' | 'subtotal_minor' | 'discount_minor' | 'total_minor' | 'destination'> & { shipping_minor: number | null };

/**
 * Subtotal, discount, shipping and total of a basket, a checkout quote or a placed order. The
 * basket's shipping is an estimate to the ships-to country (`estimateTo`, its name), and says
 * so; a quote's and an order's are for the address. Without hooks, so a server page renders it
 * with its own translator.
 */
export function Totals({ basket, t, estimateTo }: { basket: TotalsOf; t: Translate<'basket' | 'checkout' | 'product'>; estimateTo?: string }) {
  const { currency, shipping_minor: shipping } = basket;
  return (
    <dl className="totals">
      <dt>{t('basket.subtotal')}</dt>
      <dd>{formatPrice(basket.subtotal_minor, currency)}</dd>
      {basket.discount_minor > 0 && (
        <>
          <dt>{t('basket.discount')}</dt>
          <dd data-discount={basket.discount_minor}>−{formatPrice(basket.discount_minor, currency)}</dd>
        </>
      )}
      <dt>{estimateTo === undefined ? t('checkout.shipping') : t('basket.shippingEstimate', { country: estimateTo })}</dt>
      <dd data-shipping={shipping ?? undefined}>
        {shipping === null ? t('product.noShipping', { country: estimateTo ?? basket.destination }) : shipping === 0 ? t('checkout.free') : formatPrice(shipping, currency)}
      </dd>
      <dt className="totals__total">{estimateTo === undefined ? t('basket.total') : t('basket.totalEstimate')}</dt>
      <dd className="totals__total">{formatPrice(basket.total_minor, currency)}</dd>
    </dl>
  );
}
