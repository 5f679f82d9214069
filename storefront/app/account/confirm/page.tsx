import type { Metadata } from 'next';
import { ConfirmEmail } from '../../../components/account/confirm-email';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('account.confirmTitle'), robots: { index: false, follow: false } };
}

/**
 * /account/confirm/?token=…: where the link mailed to a new account's email lands. Opening it
 * changes nothing (a mail scanner may open links); the button confirms.
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const t = getTranslator((await getShopperSettings()).language);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('account.confirmTitle')}</h1>
      </header>
      <ConfirmEmail token={typeof token === 'string' ? token : undefined} />
    </div>
  );
}
