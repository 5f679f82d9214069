import type { Metadata } from 'next';
import { BasketContents } from '../../components/shop/basket-contents';
import { getLastAddressCountry } from '../../lib/checkout/last-address';
import { getTranslator } from '../../lib/i18n/translate';
import { getShopperSettings } from '../../lib/settings/server';

/** SPEC §2: 'Your shopping basket' ('cart' in American English), kept out of search engines. */
export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('basket.title'), robots: { index: false, follow: false } };
}

/** The basket page (SPEC §2): greeting and item count, the lines, and the three reassurances. */
export default async function BasketPage() {
  const [settings, lastAddressCountry] = await Promise.all([getShopperSettings(), getLastAddressCountry()]);
  const t = getTranslator(settings.language);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('basket.title')}</h1>
      </header>
      <BasketContents lastAddressCountry={lastAddressCountry} />
      <ul className="reassurance" aria-label={t('basket.title')}>
        <li className="reassurance__block">
          <h2 className="reassurance__title">{t('basket.moneyBack')}</h2>
          <p>{t('basket.moneyBackText')}</p>
        </li>
        <li className="reassurance__block">
          <h2 className="reassurance__title">{t('basket.securePayments')}</h2>
          <p>{t('basket.securePaymentsText')}</p>
        </li>
        <li className="reassurance__block">
          <h2 className="reassurance__title">{t('basket.support')}</h2>
          <p>{t('basket.supportText')}</p>
        </li>
      </ul>
    </div>
  );
}
