import type { Metadata } from 'next';
import { getAlerts, getNotifications } from '@easel/data/queries/alerts';
import { getIndexableArtworksByIds } from '@easel/data/queries/search-source';
import { LoginPrompt } from '../../../components/account/login-prompt';
import { shopperCards } from '../../../components/account/account-works';
import { MarkRead } from '../../../components/alerts/mark-read';
import { ProductGrid } from '../../../components/product-grid';
import { getRequestUserId } from '../../../lib/account/server';
import { getDb } from '../../../lib/db';
import { getTranslator } from '../../../lib/i18n/translate';
import { getShopperSettings } from '../../../lib/settings/server';
import '../../../components/alerts/alerts.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = getTranslator((await getShopperSettings()).language);
  return { title: t('notifications.title'), robots: { index: false, follow: false } };
}

/** The newest notifications shown. */
const SHOWN = 100;

/** The works the shopper's alerts found, newest first, under the alert that found them; seeing them marks them read. */
export default async function NotificationsPage() {
  const settings = await getShopperSettings();
  const t = getTranslator(settings.language);
  const userId = await getRequestUserId();
  if (userId === null) {
    return (
      <div className="container">
        <header className="intro"><h1 className="intro__title">{t('notifications.title')}</h1></header>
        <LoginPrompt text={t('notifications.signIn')} action={t('account.login')} />
      </div>
    );
  }
  const db = await getDb();
  const [notifications, alerts] = await Promise.all([getNotifications(db, userId, SHOWN), getAlerts(db, userId)]);
  const works = await getIndexableArtworksByIds(db, [...new Set(notifications.map((n) => n.artwork_id))]);
  const shown = works.filter((w) => w.status !== 'hidden');
  const cards = new Map((await shopperCards(db, shown, settings)).map((card, i) => [shown[i]!.id, card]));
  const nameOf = new Map(alerts.map((a) => [a.id, a.name]));
  // One section per alert, in the order of its newest find.
  const groups = new Map<number, number[]>();
  for (const n of notifications) if (cards.has(n.artwork_id)) groups.set(n.alert_id, [...(groups.get(n.alert_id) ?? []), n.artwork_id]);
  return (
    <div className="container">
      <header className="intro">
        <h1 className="intro__title">{t('notifications.title')}</h1>
        <p className="intro__count">{t('notifications.intro')}</p>
      </header>
      {groups.size === 0 && <p className="notice">{t('notifications.empty')}</p>}
      {[...groups].map(([alertId, ids]) => (
        <section key={alertId} className="notifications__group" aria-labelledby={`alert-${alertId}`} data-alert={alertId}>
          <h2 className="notifications__title" id={`alert-${alertId}`}>{t('notifications.for', { name: nameOf.get(alertId) ?? '' })}</h2>
          <ProductGrid cards={[...new Set(ids)].map((id) => cards.get(id)!)} eagerCards={0} headingLevel={3} />
        </section>
      ))}
      <MarkRead ids={notifications.filter((n) => !n.read).map((n) => n.id)} />
    </div>
  );
}
