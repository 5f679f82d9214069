import type { Metadata } from 'next';
import { z } from 'zod';
import { getOrderViews } from '@easel/data/queries/checkout';
import { CheckoutFlow, EmptyCheckout, OrderConfirmed } from '../../components/shop/checkout-flow';
import { CheckoutSignIn } from '../../components/shop/checkout-sign-in';
import { countryChoices } from '../../lib/checkout/address';
import { getDb } from '../../lib/db';
import { getTranslator } from '../../lib/i18n/translate';
import { getRequestUserId } from '../../lib/account/server';
import { getShopperSettings } from '../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('checkout.title'), robots: { index: false, follow: false } };
}

/** `?order=42`, the address a placed order's confirmation moves to. */
const orderSchema = z.coerce.number().int().positive().max(2 ** 31 - 1);

/**
 * Checkout: signed-in shoppers only, since an order belongs to an account; a visitor logs in or
 * joins here. With nothing in the basket there is nothing to check out, and the page says so.
 * At `?order=<id>` it shows that order's confirmation again, to its owner only (anyone else, or
 * an order that is not theirs, gets the checkout as it stands).
 */
export default async function CheckoutPage({ searchParams }: { searchParams: Promise<{ order?: string | string[] }> }) {
  const [settings, userId, { order }] = await Promise.all([getShopperSettings(), getRequestUserId(), searchParams]);
  const t = getTranslator(settings.language);
  const orderId = orderSchema.safeParse(order);
  const [placed] = userId !== null && orderId.success ? await getOrderViews(await getDb(), userId, [orderId.data]) : [];
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('checkout.title')}</h1>
      </header>
      {placed ? (
        <OrderConfirmed order={placed} />
      ) : userId !== null ? (
        <CheckoutFlow countries={countryChoices(settings.language, settings.country)} />
      ) : settings.basket_count === 0 ? (
        <EmptyCheckout />
      ) : (
        <CheckoutSignIn />
      )}
    </div>
  );
}
