import type { Metadata } from 'next';
import { getOrderViews } from '@easel/data/queries/checkout';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { languageTag } from '../../../lib/i18n/languages';
import { formatPrice } from '../../../lib/money';
import { getRequestUserId } from '../../../lib/account/server';
import { getShopperSettings } from '../../../lib/settings/server';
import { countryName } from '../../../lib/settings/entity';
import type { CountryCode } from '../../../lib/settings/countries';
import { Totals } from '../../../components/shop/totals';
import '../../../components/shop/shop.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('orders.title'), robots: { index: false, follow: false } };
}

/** The signed-in shopper's order history, newest first: each order's works, what it cost line by line, where it goes and its payment. */
export default async function OrdersPage() {
  const { language } = await getShopperSettings();
  const t = getTranslator(language);
  const userId = await getRequestUserId();
  const orders = userId === null ? [] : await getOrderViews(await getDb(), userId);
  const day = new Intl.DateTimeFormat(languageTag(language), { day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('orders.title')}</h1>
      </header>
      {userId === null && <p className="notice">{t('orders.signIn')}</p>}
      {userId !== null && orders.length === 0 && <p className="notice">{t('orders.empty')}</p>}
      <ol className="orders">
        {orders.map((order) => (
          <li key={order.id} className="order" data-order={order.id}>
            <div className="order__head">
              <h2 className="order__title">{t('orders.number', { id: order.id })}</h2>
              <p className="order__meta">{t('orders.placedOn', { date: day.format(new Date(order.created_at)) })} · {t(`orders.status.${order.status}`)}</p>
            </div>
            <ul className="order__lines">
              {order.lines.map((line, i) => (
                <li key={i} className="order__line">
                  <a href={`/product/${line.slug}/`}>{line.title}</a>
                  <span className="order__muted">{line.artist_name} · {line.size_label ? t('basket.print', { size: line.size_label }) : t('basket.original')}{line.quantity > 1 ? ` × ${line.quantity}` : ''}</span>
                  <span>{formatPrice(line.unit_price_minor * line.quantity, order.currency)}</span>
                </li>
              ))}
            </ul>
            <Totals basket={{ ...order, destination: order.ship_to.country }} t={t} />
            <p className="order__muted">
              {t('checkout.shipTo')}: {[order.ship_to.name, order.ship_to.address.replaceAll('\n', ', '), countryName(order.ship_to.country as CountryCode, language)].join(', ')}
            </p>
            {order.payment_reference && <p className="order__muted">{t('orders.paymentReference', { reference: order.payment_reference })}</p>}
          </li>
        ))}
      </ol>
    </div>
  );
}
