import type { Metadata } from 'next';
import { getOrderViews } from '@easel/data/queries/checkout';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { languageTag } from '../../../lib/i18n/languages';
import { formatPrice } from '../../../lib/money';
import { getRequestUserId } from '../../../lib/account/server';
import { getShopperSettings } from '../../../lib/settings/server';
import '../../../components/shop/shop.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('orders.title'), robots: { index: false, follow: false } };
}

/** The signed-in shopper's order history, newest first. */
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
            <p className="order__total">{t('basket.total')} {formatPrice(order.total_minor, order.currency)}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
