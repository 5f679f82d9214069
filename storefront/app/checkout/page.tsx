import type { Metadata } from 'next';
import { CheckoutFlow, EmptyCheckout } from '../../components/shop/checkout-flow';
import { CheckoutSignIn } from '../../components/shop/checkout-sign-in';
import { countryChoices } from '../../lib/checkout/address';
import { getTranslator } from '../../lib/i18n/translate';
import { getRequestUserId } from '../../lib/account/server';
import { getShopperSettings } from '../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('checkout.title'), robots: { index: false, follow: false } };
}

/**
 * Checkout: signed-in shoppers only, since an order belongs to an account; a visitor logs in or
 * joins here. With nothing in the basket there is nothing to check out, and the page says so.
 */
export default async function CheckoutPage() {
  const settings = await getShopperSettings();
  const t = getTranslator(settings.language);
  const userId = await getRequestUserId();
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('checkout.title')}</h1>
      </header>
      {userId !== null ? (
        <CheckoutFlow countries={countryChoices(settings.language, settings.country)} />
      ) : settings.basket_count === 0 ? (
        <EmptyCheckout />
      ) : (
        <CheckoutSignIn />
      )}
    </div>
  );
}
