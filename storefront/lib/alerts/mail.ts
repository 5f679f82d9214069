import type { AlertMailFor } from '@easel/data/queries/alerts';
import { getTranslator } from '../i18n/translate';

/** The one-click link that stops an alert's emails, no login needed: `/alerts/unsubscribe/<token>/`. */
export const unsubscribePath = (token: string) => `/alerts/unsubscribe/${token}/`;

/**
 * An alert's mail, in its owner's English: the works it found, each with its address, then the
 * way to the owner's alerts and the one-click unsubscribe link. `site` is the address mailed
 * links begin with.
 */
export const alertMail = (site: string): AlertMailFor => (owner, alert, works) => {
  const t = getTranslator(owner.language);
  return {
    subject: t('alerts.mailSubject', { count: works.length, name: alert.name }),
    body: [
      t('alerts.mailIntro', { name: alert.name }),
      '',
      ...works.map((w) => t('alerts.mailWork', { title: w.title, artist: w.artist_name, url: `${site}/product/${w.slug}/` })),
      '',
      t('alerts.mailManage', { url: `${site}/account/alerts/` }),
      t('alerts.mailUnsubscribe', { url: `${site}${unsubscribePath(alert.unsubscribe_token)}` }),
    ].join('\n'),
  };
};
