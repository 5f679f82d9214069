import type { Metadata } from 'next';
import { getAlertByToken } from '@easel/data/queries/alerts';
import { Unsubscribe } from '../../../../components/alerts/unsubscribe';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import { getShopperSettings } from '../../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('alerts.unsubscribeTitle'), robots: { index: false, follow: false } };
}

/** A token is 32 URL-safe characters; anything else is not one of ours and reads nothing. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The unsubscribe link of an alert's mail, `/alerts/unsubscribe/<token>/`: no login needed (the
 * link's secret is the key). It names the alert, and one click stops its emails.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = getTranslator((await getShopperSettings()).language);
  const alert = TOKEN.test(token) ? await getAlertByToken(await getDb(), token) : undefined;
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('alerts.unsubscribeTitle')}</h1>
      </header>
      <section className="notice">
        {alert ? <Unsubscribe token={token} name={alert.name} paused={alert.paused} /> : <p className="notice__text">{t('alerts.unsubscribeUnknown')}</p>}
        <a className="button button--secondary" href="/account/alerts/">{t('alerts.title')}</a>
      </section>
    </div>
  );
}
