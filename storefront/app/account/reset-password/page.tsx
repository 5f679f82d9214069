import type { Metadata } from 'next';
import { ResetPassword } from '../../../components/account/reset-password';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('account.resetTitle'), robots: { index: false, follow: false } };
}

/**
 * /account/reset-password/?token=…: where the link mailed by "Forgot password?" lands. Opening
 * it changes nothing (a mail scanner may open links); the form sets the new password.
 */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const t = getTranslator((await getShopperSettings()).language);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('account.resetTitle')}</h1>
      </header>
      <ResetPassword token={typeof token === 'string' ? token : undefined} />
    </div>
  );
}
