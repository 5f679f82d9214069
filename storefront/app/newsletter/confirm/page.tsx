import type { Metadata } from 'next';
import { ConfirmNewsletter } from '../../../components/account/confirm-newsletter';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('account.newsletterConfirmTitle'), robots: { index: false, follow: false } };
}

/**
 * /newsletter/confirm/?token=…: where the newsletter's mailed link lands. Opening it changes
 * nothing (a mail scanner may open links); the button confirms.
 */
export default async function ConfirmNewsletterPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const t = getTranslator((await getShopperSettings()).language);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('account.newsletterConfirmTitle')}</h1>
      </header>
      <ConfirmNewsletter token={typeof token === 'string' ? token : undefined} />
    </div>
  );
}
