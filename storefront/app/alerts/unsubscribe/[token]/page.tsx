import type { Metadata } from 'next';
import { unsubscribeAlert } from '@easel/data/queries/alerts';
import { getDb } from '../../../../lib/db';
import { getTranslator } from '../../../../lib/i18n/translate';
import { getShopperSettings } from '../../../../lib/settings/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('alerts.unsubscribedTitle'), robots: { index: false, follow: false } };
}

/** A token is 32 URL-safe characters; anything else is not one of ours and touches nothing. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The one-click unsubscribe link of an alert's mail: opening it pauses that alert, without
 * logging in (the link's secret is the key). Opening it again changes nothing.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const t = getTranslator((await getShopperSettings()).language);
  const alert = TOKEN.test(token) ? await unsubscribeAlert(await getDb(), token) : undefined;
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('alerts.unsubscribedTitle')}</h1>
      </header>
      <section className="notice" data-unsubscribed={alert ? 'yes' : 'no'}>
        <p className="notice__text">{alert ? t('alerts.unsubscribedText', { name: alert.name }) : t('alerts.unsubscribeUnknown')}</p>
        <a className="button" href="/account/alerts/">{t('alerts.title')}</a>
      </section>
    </div>
  );
}
