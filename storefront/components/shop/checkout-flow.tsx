'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SavedAddress } from '@easel/data/queries/addresses';
import { ecommerceEvent, pushDataLayer, type EcommerceItem } from '../../lib/analytics';
import type { BasketItemView, BasketView, CheckoutQuoteView, OrderViewData } from '../../lib/basket/basket';
import { basketApi, placeOrder, startCheckout } from '../../lib/basket/client';
import { answer, api, ApiResponseError } from '../../lib/api/client';
import { errorMessage } from '../../lib/store';
import { useT } from '../../lib/i18n/use-t';
import { basketMessages } from '../../lib/i18n/messages/basket';
import { checkoutMessages } from '../../lib/i18n/messages/checkout';
import { deliveryMessages } from '../../lib/i18n/messages/delivery';
import { productMessages } from '../../lib/i18n/messages/product';
import { refusalMessages } from '../../lib/i18n/messages/refusal';
import { formatPrice } from '../../lib/money';
import { addressLabels, addressLines, needsPostcode, shippingAddressSchema, type ShippingAddressInput } from '../../lib/checkout/address';
import { formatCardNumber, formatCvc, formatExpiry } from '../../lib/checkout/card';
import { arrivalText } from '../../lib/delivery';
import type { CountryCode } from '../../lib/settings/countries';
import { useAccount } from '../account/account-context';
import { useSettings } from '../../lib/settings/settings-context';
import { countryName } from '../../lib/settings/entity';
import type { Translate } from '../../lib/i18n/translator';
import { Totals } from './totals';
import './shop.css';

/** The address's text fields, in the form's order. */
const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'postcode', 'region'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

type Step =
  | { name: 'address' }
  | { name: 'review'; quote: CheckoutQuoteView; idempotencyKey: string }
  | { name: 'confirmed'; order: OrderViewData };

const itemsOf = (quote: CheckoutQuoteView): EcommerceItem[] =>
  quote.items.map((i) => ({ slug: i.slug, title: i.title, variant: i.print?.size_label, unit_price_minor: i.unit_price_minor, quantity: i.quantity }));

/** After a guest's order: the offer to keep the account, with a password of their choosing. */
function KeepAccount() {
  const t = useT(checkoutMessages);
  const { user, changeUser } = useAccount();
  const [password, setPassword] = useState('');
  const [kept, setKept] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (kept) return <p className="checkout__note checkout__kept" role="status">{t('checkout.accountReady', { email: kept })}</p>;
  if (!user?.guest) return null;
  const keep = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { user: claimed } = await answer(api.api.account.claim.index.$post({ json: { password } }));
      setKept(claimed?.email ?? user.email);
      changeUser(claimed);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form className="checkout__panel checkout__keep" onSubmit={keep}>
      <h2 className="checkout__heading">{t('checkout.keepAccount')}</h2>
      <p className="checkout__note">{t('checkout.keepAccountText', { email: user.email })}</p>
      <label className="checkout__field">{t('checkout.password')}
        <input className="field" name="new-password" type="password" required minLength={10} maxLength={200} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="checkout__error" role="alert">{error}</p>}
      <button type="submit" className="button">{t('checkout.createAccount')}</button>
    </form>
  );
}

/** The address of an order's confirmation: 42 -> '/checkout/?order=42'. */
const confirmationUrl = (id: number) => `/checkout/?order=${id}`;

/**
 * A placed order's confirmation: its number, what was charged and what for, where the receipt
 * went; then, after a guest's order, the offer to keep the account.
 */
export function OrderConfirmed({ order }: { order: OrderViewData }) {
  const t = useT(basketMessages, checkoutMessages, productMessages);
  // Reached by paying, the button that had the focus is gone: the heading takes it (and is read out).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <>
      <section className="notice" data-order={order.id}>
        <h2 className="notice__title" ref={heading} data-step-heading tabIndex={-1}>{t('checkout.confirmed')}</h2>
        <p className="notice__text">
          {t('checkout.orderNumber', { id: order.id })} · {formatPrice(order.total_minor, order.currency)}
        </p>
        <Totals basket={{ ...order, destination: order.ship_to.country }} t={t} />
        {order.contact_email && <p className="notice__text">{t('checkout.receiptTo', { email: order.contact_email })}</p>}
        <a className="button" href="/account/orders/">{t('checkout.viewOrders')}</a>
      </section>
      <KeepAccount />
    </>
  );
}

/** Checkout with nothing in the basket: says so, and leads back to the gallery. */
export function EmptyCheckout() {
  const t = useT(basketMessages);
  return (
    <section className="basket">
      <p className="basket__greeting">{t('basket.empty')}</p>
      <a className="button button--secondary" href="/shop/">{t('basket.continue')}</a>
    </section>
  );
}

export interface CheckoutFlowProps {
  /** The countries to ship to, named and ordered on the server (the shopper's own first), so the page hydrates as rendered. */
  countries: { code: CountryCode; name: string }[];
}

/**
 * Checkout in three steps, once the basket holds something: the shipping address (starting the
 * checkout quotes shipping there and reserves the originals: begin_checkout), the review with
 * the card (one idempotency key per attempt, so a double click or a retry never orders twice:
 * purchase), the confirmation.
 */
export function CheckoutFlow({ countries }: CheckoutFlowProps) {
  const t = useT(basketMessages, checkoutMessages, deliveryMessages, productMessages, refusalMessages);
  const { settings, setBasketCount } = useSettings();
  const router = useRouter();
  const [step, setStep] = useState<Step>({ name: 'address' });
  // The parcel is for the account holder unless they say otherwise.
  const { user } = useAccount();
  const [address, setAddress] = useState<Required<ShippingAddressInput>>({ name: user?.name ?? '', line1: '', line2: '', city: '', region: '', postcode: '', country: countries[0]?.code ?? settings.country });
  const countryNameOf = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const oneLine = (a: Parameters<typeof addressLines>[0] & { name: string; country: string }) =>
    [a.name, addressLines(a).replaceAll('\n', ', '), countryNameOf(a.country)].join(', ');
  // The shopper's address book: a click fills the form with one.
  const [saved, setSaved] = useState<SavedAddress[]>([]);
  useEffect(() => {
    answer(api.api.account.addresses.index.$get()).then(({ results }) => setSaved(results), () => setSaved([]));
  }, []);
  const fillFrom = (a: SavedAddress) =>
    setAddress({ name: a.name, line1: a.line1, line2: a.line2 ?? '', city: a.city, region: a.region ?? '', postcode: a.postcode ?? '', country: a.country as CountryCode });
  // What the address step refuses, beside each field, in the words the server would use.
  const [refused, setRefused] = useState<Partial<Record<AddressField, string>>>({});
  const field = (name: AddressField, label: string, options: { required?: boolean; maxLength: number; autoComplete: string }) => (
    <label className="checkout__field">{label}
      <input
        className="field" name={name} required={options.required ?? false} maxLength={options.maxLength} autoComplete={options.autoComplete}
        aria-invalid={refused[name] ? true : undefined} aria-describedby={refused[name] ? `checkout-${name}-error` : undefined}
        value={address[name]} onChange={(e) => setAddress({ ...address, [name]: e.target.value })}
      />
      {refused[name] && <span className="checkout__error" id={`checkout-${name}-error`}>{refused[name]}</span>}
    </label>
  );
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refusal of the card is about what was typed: it goes as soon as the card is typed again.
  const editCard = (change: Partial<typeof card>) => {
    setCard({ ...card, ...change });
    setError(null);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const toReview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A field of spaces passes the browser's own check: the address is checked as the order will be.
    const checked = shippingAddressSchema.safeParse(address);
    const refusals: Partial<Record<AddressField, string>> = {};
    for (const issue of checked.success ? [] : checked.error.issues) refusals[issue.path[0] as AddressField] ??= t(issue.message as Parameters<typeof t>[0]);
    setRefused(refusals);
    const first = ADDRESS_FIELDS.find((name) => name in refusals);
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    void run(async () => {
      const quote = await startCheckout(address.country, settings.currency);
      pushDataLayer(ecommerceEvent('begin_checkout', quote.currency, itemsOf(quote), { value_minor: quote.total_minor }));
      setStep({ name: 'review', quote, idempotencyKey: crypto.randomUUID() });
    });
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'review') return;
    void run(async () => {
      try {
        const order = await placeOrder({ currency: step.quote.currency, quoted_total_minor: step.quote.total_minor, ship_to: address, card }, step.idempotencyKey);
        pushDataLayer(ecommerceEvent('purchase', order.currency, itemsOf(step.quote), { value_minor: order.total_minor, transaction_id: String(order.id) }));
        setBasketCount(0);
        setStep({ name: 'confirmed', order });
        // The confirmation's own address, rendered by the server from the order, so that a reload shows it again.
        router.replace(confirmationUrl(order.id));
      } catch (failure) {
        // The key's answer is settled; another attempt (another card, say) is a new request.
        // A changed total is quoted afresh, for the shopper to read and confirm.
        const quote = failure instanceof ApiResponseError && failure.code === 'quote_changed' ? await startCheckout(address.country, settings.currency) : step.quote;
        setStep({ name: 'review', quote, idempotencyKey: crypto.randomUUID() });
        throw failure;
      }
    });
  };

  // The review opens as a new page would: at the top, its heading taking the focus (and read
  // out), not scrolled to where the address's button was. The confirmation is a page of its own.
  useEffect(() => {
    if (step.name !== 'review') return;
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
  }, [step.name]);

  if (step.name === 'confirmed') return <OrderConfirmed order={step.order} />;
  // Before an order only: its confirmation stays on screen once the basket is empty.
  if (step.name === 'address' && settings.basket_count === 0) return <EmptyCheckout />;
  const labels = addressLabels(address.country);

  return (
    <div className="checkout">
      {step.name === 'address' ? (
        <div className="checkout__address">
          <form className="checkout__panel" onSubmit={toReview}>
            <h2 className="checkout__heading">{t('checkout.address')}</h2>
            {saved.length > 0 && (
              <fieldset className="checkout__saved">
                <legend className="checkout__field">{t('checkout.savedAddresses')}</legend>
                {saved.map((a) => (
                  <button key={a.id} type="button" className="link-button checkout__saved-address" onClick={() => fillFrom(a)}>{oneLine(a)}</button>
                ))}
              </fieldset>
            )}
            {field('name', t('checkout.name'), { required: true, maxLength: 100, autoComplete: 'name' })}
            <label className="checkout__field">{t('checkout.country')}
              <select className="field" name="country" autoComplete="country" value={address.country} onChange={(e) => setAddress({ ...address, country: e.target.value as CountryCode })}>
                {countries.map(({ code, name }) => <option key={code} value={code}>{name}</option>)}
              </select>
            </label>
            {field('line1', t('checkout.line1'), { required: true, maxLength: 200, autoComplete: 'address-line1' })}
            {field('line2', t('checkout.line2'), { maxLength: 200, autoComplete: 'address-line2' })}
            <div className="checkout__pair">
              {field('city', t('checkout.city'), { required: true, maxLength: 100, autoComplete: 'address-level2' })}
              {field('postcode', t(labels.postcode), { required: needsPostcode(address.country), maxLength: 20, autoComplete: 'postal-code' })}
            </div>
            {field('region', t(labels.region), { maxLength: 100, autoComplete: 'address-level1' })}
            {error && <p className="checkout__error" role="alert">{error}</p>}
            <button type="submit" className="button" disabled={busy}>{t('checkout.toReview')}</button>
          </form>
          <BasketSummary country={address.country} t={t} />
        </div>
      ) : (
        <div className="checkout__review">
          <section className="checkout__panel">
            <h2 className="checkout__heading" data-step-heading tabIndex={-1}>{t('checkout.review')}</h2>
            <ul className="checkout__lines">
              {step.quote.items.map((item) => (
                <CheckoutLine key={item.line_id} item={item} currency={step.quote.currency} t={t}
                  arrives={t('delivery.arrives', { dates: arrivalText(item, address.country, settings.language, new Date()) })} />
              ))}
            </ul>
            <Totals basket={step.quote} t={t} />
            <p className="checkout__note">
              {t('checkout.shipTo')} {oneLine(address)}.{' '}
              <button type="button" className="link-button" onClick={() => setStep({ name: 'address' })}>{t('checkout.changeAddress')}</button>
            </p>
            {step.quote.reserved_until && (
              <p className="checkout__note">{t('checkout.reservedUntil', { time: new Date(step.quote.reserved_until).toLocaleTimeString(settings.language === 'en-us' ? 'en-US' : 'en-GB', { hour: '2-digit', minute: '2-digit' }) })}</p>
            )}
          </section>
          <form className="checkout__panel" onSubmit={pay}>
            <h2 className="checkout__heading">{t('checkout.payment')}</h2>
            <p className="checkout__note">{t('checkout.testCard')}</p>
            <label className="checkout__field">{t('checkout.cardNumber')}
              <input className="field" name="card-number" required inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" value={card.number} onChange={(e) => editCard({ number: formatCardNumber(e.target.value) })} />
            </label>
            <div className="checkout__pair">
              <label className="checkout__field">{t('checkout.expiry')}
                <input className="field" name="expiry" required inputMode="numeric" placeholder="MM/YY" autoComplete="cc-exp" value={card.expiry} onChange={(e) => editCard({ expiry: formatExpiry(e.target.value) })} />
              </label>
              <label className="checkout__field">{t('checkout.cvc')}
                <input className="field" name="cvc" required inputMode="numeric" autoComplete="cc-csc" value={card.cvc} onChange={(e) => editCard({ cvc: formatCvc(e.target.value) })} />
              </label>
            </div>
            {error && <p className="checkout__error" role="alert">{error}</p>}
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('checkout.paying') : t('checkout.pay', { amount: formatPrice(step.quote.total_minor, step.quote.currency) })}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}

/** A work in the checkout's lists: its picture, title, print size and number, price, and when given, when it arrives. */
function CheckoutLine({ item, currency, t, arrives }: { item: BasketItemView; currency: CheckoutQuoteView['currency']; t: Translate<'basket'>; arrives?: string }) {
  return (
    <li className="checkout__line">
      <img src={item.image.src} srcSet={item.image.srcSet} sizes="64px" width={item.image.width} height={item.image.height} alt="" />
      <span>
        {item.title}{item.print ? ` · ${t('basket.print', { size: item.print.size_label })}` : ''}{item.quantity > 1 ? ` × ${item.quantity}` : ''}
        {arrives && <span className="checkout__arrives" data-delivery>{arrives}</span>}
      </span>
      <span>{formatPrice(item.line_total_minor, currency)}</span>
    </li>
  );
}

/**
 * Beside the address: what is being bought, with its totals and shipping estimated to the
 * address's country as it is chosen (the review quotes it exactly), and the way back to the basket.
 */
function BasketSummary({ country, t }: { country: CountryCode; t: Translate<'basket' | 'checkout' | 'product'> }) {
  const { settings } = useSettings();
  const [basket, setBasket] = useState<BasketView | null>(null);
  useEffect(() => {
    // An answer for a country since changed is dropped; one that fails leaves the last shown.
    let current = true;
    basketApi.load({ currency: settings.currency, country }).then((b) => current && setBasket(b), () => undefined);
    return () => {
      current = false;
    };
  }, [settings.currency, country]);
  if (!basket || basket.items.length === 0) return null;
  return (
    <aside className="checkout__panel checkout__summary" aria-labelledby="checkout-summary">
      <h2 className="checkout__heading" id="checkout-summary">{t('checkout.summary')}</h2>
      <ul className="checkout__lines">
        {basket.items.map((item) => <CheckoutLine key={item.line_id} item={item} currency={basket.currency} t={t} />)}
      </ul>
      <Totals basket={basket} t={t} estimateTo={countryName(country, settings.language)} />
      <p className="checkout__note"><a href="/basket/">{t('checkout.editBasket')}</a></p>
    </aside>
  );
}
