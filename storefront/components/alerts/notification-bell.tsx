'use client';

import { useT } from '../../lib/i18n/use-t';
import { notificationsMessages } from '../../lib/i18n/messages/notifications';
import { useSettings } from '../../lib/settings/settings-context';
import { useAccount } from '../account/account-context';
import './alerts.css';

/** The header's bell: a signed-in shopper's notifications, with the count not yet read (SPEC §3's unread_count). */
export function NotificationBell() {
  const t = useT(notificationsMessages);
  const { user } = useAccount();
  const count = useSettings().settings.unread_count;
  if (!user) return null;
  return (
    <a className="notification-bell" href="/account/notifications/" aria-label={t('notifications.bell', { count })} data-unread={count}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" />
      </svg>
      {count > 0 && <span className="notification-bell__count count-badge" aria-hidden="true">{count}</span>}
    </a>
  );
}
