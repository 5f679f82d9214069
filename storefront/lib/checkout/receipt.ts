import type { Mail } from '@easel/data/queries/outbox';
import type { OrderView, Shipment } from '@easel/data/queries/checkout';
import type { Language } from '../i18n/languages';
import { getTranslator } from '../i18n/translate';
import { arrivalText } from '../delivery';
import { formatPrice } from '../money';
import { countryName } from '../settings/entity';
import type { CountryCode } from '../settings/countries';

/**
 * The receipt an order's email gets, in the shopper's English: the order number, each line with
 * its price and when it should arrive, the totals as checkout showed them and the total charged,
 * and where it goes: (order 42 of one original, $308, to the US) -> { subject: 'Your Easel
 * order 42', body: 'Thank you for your order…\nOrder number 42\n\nHarbour at dusk, original…' }.
 */
export function receiptMail(order: OrderView, shipments: Shipment[], language: Language, site: string, ordered: Date): Mail {
  const t = getTranslator(language);
  const money = (minor: number) => formatPrice(minor, order.currency);
  const lines = order.lines.map((line, i) => {
    const what = line.size_label === null ? t('basket.original') : t('basket.print', { size: line.size_label });
    const quantity = line.quantity > 1 ? ` × ${line.quantity}` : '';
    const arrives = t('delivery.arrives', { dates: arrivalText(shipments[i]!, order.ship_to.country, language, ordered) });
    return `${t('receipt.line', { title: line.title, artist: line.artist_name, what })}${quantity}: ${money(line.unit_price_minor * line.quantity)}\n  ${arrives}`;
  });
  const totals = [
    `${t('basket.subtotal')}: ${money(order.subtotal_minor)}`,
    ...(order.discount_minor > 0 ? [`${t('basket.discount')}: −${money(order.discount_minor)}`] : []),
    `${t('checkout.shipping')}: ${order.shipping_minor === 0 ? t('checkout.free') : money(order.shipping_minor)}`,
    t('receipt.charged', { amount: money(order.total_minor) }),
  ];
  const shipTo = [order.ship_to.name, order.ship_to.address, countryName(order.ship_to.country as CountryCode, language)].join('\n');
  return {
    subject: t('receipt.subject', { id: order.id }),
    body: [
      t('receipt.thanks'),
      t('checkout.orderNumber', { id: order.id }),
      lines.join('\n'),
      totals.join('\n'),
      `${t('checkout.shipTo')}:\n${shipTo}`,
      t('receipt.orders', { url: `${site}/account/orders/` }),
    ].join('\n\n'),
  };
}
