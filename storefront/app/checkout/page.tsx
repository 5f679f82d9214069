import type { Metadata } from 'next';
import { CheckoutFlow } from '../../components/shop/checkout-flow';
import { getTranslator } from '../../lib/i18n/translate';
import { getRequestUserId } from '../../lib/account/server';
import { getShopperSettings } from '../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('checkout.title'), robots: { index: false, follow: false } };
}

/** Checkout: signed-in shoppers only, since an order belongs to an account. */
export default async function CheckoutPage() {
  const t = getTranslator((await getShopperSettings()).language);
  const userId = await getRequestUserId();
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('checkout.title')}</h1>
      </header>
      {userId === null ? (
        <section className="notice">
          <p className="notice__text">{t('checkout.signIn')}</p>
          <a className="button button--secondary" href="/basket/">{t('basket.view')}</a>
        </section>
      ) : (
        <CheckoutFlow />
      )}
    </div>
  );
}
