'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BasketItemView, BasketView } from '../../lib/basket/basket';
import type { Translate } from '../../lib/i18n/translator';
import { useT } from '../../lib/i18n/use-t';
import { basketMessages } from '../../lib/i18n/messages/basket';
import { checkoutMessages } from '../../lib/i18n/messages/checkout';
import { deliveryMessages } from '../../lib/i18n/messages/delivery';
import { productMessages } from '../../lib/i18n/messages/product';
import { formatPrice } from '../../lib/money';
import { useBasket } from '../basket-provider';
import { arrivalText } from '../../lib/delivery';
import { useSettings } from '../../lib/settings/settings-context';
import type { CountryCode } from '../../lib/settings/countries';
import { countryName } from '../../lib/settings/entity';
import { ShipsToOffer } from '../ships-to-offer';
import { Totals } from './totals';
import './shop.css';

/**
 * The basket page's live part: greeting and count, the lines, the promo code, totals with
 * shipping estimated to the ships-to country (and the offer to change it when the shopper's
 * currency or last address point elsewhere), and the way to checkout.
 */
export function BasketContents({ lastAddressCountry }: { lastAddressCountry: CountryCode | null }) {
  const t = useT(basketMessages, checkoutMessages, deliveryMessages, productMessages);
  const { settings } = useSettings();
  const basket = useBasket();
  const { data, status, error, promoStatus, promoError } = basket.state;
  const { load, reload } = basket;
  useEffect(() => void load(), [load]);
  // Prices and the shipping estimate follow the shopper's currency and ships-to country when they change them here.
  useEffect(() => {
    if (data && (data.currency !== settings.currency || data.destination !== settings.country)) void reload();
  }, [data, settings.currency, settings.country, reload]);
  const shipsTo = countryName(settings.country, settings.language);

  const count = data?.count ?? settings.basket_count;
  return (
    <section className="basket" aria-busy={status === 'loading' || status === 'updating'} data-status={status}>
      <p className="basket__greeting">
        {t('basket.greeting')}{' '}
        <span data-basket-count={count}>{count === 0 ? t('basket.empty') : t('basket.itemCount', { count })}</span>
      </p>
      {error && <p className="basket__error" role="alert">{error}</p>}
      {data && data.items.length > 0 && (
        <div className="basket__layout">
          <ul className="basket__lines">
            {data.items.map((item) => (
              <BasketLine key={item.line_id} item={item} currency={data.currency} t={t} busy={status === 'updating'}
                arrives={item.ships
                  ? t('delivery.arrives', { dates: arrivalText(item, settings.country, settings.language, new Date()) })
                  : t('product.noShipping', { country: shipsTo })}
                onQuantity={(q) => basket.setQuantity(item.line_id, q)} onRemove={() => basket.remove(item.line_id)} />
            ))}
          </ul>
          <aside className="basket__summary">
            <PromoForm basket={data} offer={settings.credit_data.display_text} t={t} busy={promoStatus === 'updating'} error={promoError} onApply={basket.applyPromo} onRemove={basket.removePromo} />
            <Totals basket={data} t={t} estimateTo={shipsTo} />
            <ShipsToOffer lastAddressCountry={lastAddressCountry} lead={t('basket.shippingAtCheckout', { country: shipsTo })} className="basket__note" />
            {data.items.some((i) => i.problem) ? (
              <span className="button basket__checkout" aria-disabled="true">{t('basket.checkout')}</span>
            ) : (
              <a className="button basket__checkout" href="/checkout/">{t('basket.checkout')}</a>
            )}
          </aside>
        </div>
      )}
      {data && data.items.length === 0 && <a className="button button--secondary" href="/shop/">{t('basket.continue')}</a>}
    </section>
  );
}

function BasketLine({ item, currency, arrives, t, busy, onQuantity, onRemove }: {
  item: BasketItemView;
  currency: BasketView['currency'];
  /** When the line should arrive at the shopper's country, or that it does not ship there, in words. */
  arrives: string;
  t: Translate<'basket'>;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const choices = Array.from({ length: Math.min(Math.max(item.max_quantity, item.quantity), 99) }, (_, i) => i + 1);
  return (
    <li className="basket-line" data-line={item.line_id} data-problem={item.problem ?? undefined}>
      <a href={item.url} className="basket-line__picture">
        <img src={item.image.src} srcSet={item.image.srcSet} sizes="120px" width={item.image.width} height={item.image.height} alt={item.title} loading="lazy" />
      </a>
      <div className="basket-line__body">
        <a href={item.url} className="basket-line__title">{item.title}</a>
        <p className="basket-line__meta">{item.artist_name} · {item.print ? t('basket.print', { size: item.print.size_label }) : t('basket.original')}</p>
        {item.problem ? <p className="basket-line__problem">{t(`basket.problem.${item.problem}`)}</p>
          : <p className={item.ships ? 'basket-line__meta' : 'basket-line__problem'} data-delivery>{arrives}</p>}
        <div className="basket-line__actions">
          {item.print && (
            <label className="basket-line__quantity">
              {t('basket.quantity')}{' '}
              <select value={item.quantity} disabled={busy} onChange={(e) => onQuantity(Number(e.target.value))}>
                {choices.map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </label>
          )}
          <button type="button" className="link-button" disabled={busy} onClick={onRemove}>{t('basket.remove')}</button>
        </div>
      </div>
      <p className="basket-line__price">{formatPrice(item.line_total_minor, currency)}</p>
    </li>
  );
}

function PromoForm({ basket, offer, t, busy, error, onApply, onRemove }: {
  basket: BasketView;
  /** What the shopper has to spend (their settings' credit_data), shown while no code is applied; empty for nothing. */
  offer: string;
  t: Translate<'basket'>;
  busy: boolean;
  error: string | null;
  onApply: (code: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}) {
  const [code, setCode] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && (await onApply(code.trim()))) setCode('');
  };
  // A basket takes one code: while one takes something off, the field to enter another steps aside.
  const applied = basket.promo !== null && !basket.promo.expired && !basket.promo.used;
  // The field that had the focus steps aside as the code applies: "Remove code" takes it, described by what was applied.
  const remove = useRef<HTMLButtonElement>(null);
  const wasApplied = useRef(applied);
  useEffect(() => {
    if (applied && !wasApplied.current && document.activeElement === document.body) remove.current?.focus();
    wasApplied.current = applied;
  }, [applied]);
  const appliedId = useId();
  return (
    <form className="promo" onSubmit={submit}>
      {basket.promo && (
        <p className="promo__applied">
          <span id={appliedId}>{t(basket.promo.expired ? 'basket.promoExpired' : basket.promo.used ? 'basket.promoUsed' : 'basket.promoApplied', { code: basket.promo.code })}</span>{' '}
          <button ref={remove} type="button" className="link-button" disabled={busy} aria-describedby={appliedId} onClick={() => void onRemove()}>{t('basket.promoRemove')}</button>
        </p>
      )}
      {!applied && (
        <>
          <label className="promo__label" htmlFor="promo-code">{t('basket.promo')}</label>
          {offer && !basket.promo && <p className="promo__offer" id="promo-offer">{offer}</p>}
          <div className="promo__row">
            <input id="promo-code" className="field" name="code" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={40}
              aria-describedby={offer && !basket.promo ? 'promo-offer' : undefined} />
            <button type="submit" className="button button--secondary" disabled={busy}>{t('basket.promoApply')}</button>
          </div>
        </>
      )}
      {error && <p className="promo__error" role="alert">{error}</p>}
    </form>
  );
}
