import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginPrompt } from '../../components/account/login-prompt';
import { getRequestUserId } from '../../lib/account/server';
import { getTranslator } from '../../lib/i18n/translate';
import { getShopperSettings } from '../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('account.login'), robots: { index: false, follow: false } };
}

/**
 * /login/, for a typed or bookmarked address: the login dialog opens over it at once, and once
 * the shopper is signed in (the page renders again) it leads to the homepage.
 */
export default async function LoginPage() {
  if ((await getRequestUserId()) !== null) redirect('/');
  const t = getTranslator((await getShopperSettings()).language);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('account.loginTitle')}</h1>
      </header>
      <LoginPrompt text={t('account.loginIntro')} action={t('account.login')} openAtOnce />
    </div>
  );
}
