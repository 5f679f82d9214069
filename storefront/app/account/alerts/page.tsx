import type { Metadata } from 'next';
import { getAlerts } from '@easel/data/queries/alerts';
import { LoginPrompt } from '../../../components/account/login-prompt';
import { AlertsList } from '../../../components/alerts/alerts-list';
import { getRequestUserId } from '../../../lib/account/server';
import { MAX_ALERTS, viewAlerts } from '../../../lib/alerts/alerts';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('alerts.title'), robots: { index: false, follow: false } };
}

/** The signed-in shopper's alerts, newest first: renamed, re-timed, paused or deleted here, each opening its gallery search. */
export default async function AlertsPage() {
  const { language } = await getShopperSettings();
  const t = getTranslator(language);
  const userId = await getRequestUserId();
  const db = await getDb();
  const alerts = userId === null ? null : await viewAlerts(db, await getAlerts(db, userId), language);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('alerts.title')}</h1>
        <p className="intro__count">{t('alerts.intro')}</p>
        {alerts && alerts.length > 0 && <p className="intro__count">{t('alerts.count', { count: alerts.length, limit: MAX_ALERTS })}</p>}
      </header>
      {alerts === null ? <LoginPrompt text={t('alerts.signIn')} action={t('account.login')} /> : <AlertsList alerts={alerts} />}
    </div>
  );
}
