'use client';

import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { alertsMessages } from '../../lib/i18n/messages/alerts';
import { useAccount } from '../account/account-context';
import { useToast } from '../toasts';
import { useApiMutation } from '../use-api-mutation';
import './alerts.css';

export interface AlertButtonProps {
  /** The search to be told about, as the gallery's query string. */
  query: string;
  label: string;
  className?: string;
}

/**
 * Saves a search as an alert: at once for a signed-in shopper; a visitor logs in or joins first,
 * and the alert is saved afterwards. The toast says the search back in words, with the way to
 * the shopper's alerts.
 */
export function AlertButton({ query, label, className = 'button button--secondary' }: AlertButtonProps) {
  const t = useT(alertsMessages);
  const toast = useToast();
  const { whenSignedIn } = useAccount();
  const save = useApiMutation({
    mutationFn: () => answer(api.api.account.alerts.index.$post({ json: { query } })),
    onSuccess: ({ alert, created }) => toast.show({
      title: t(created ? 'alerts.created' : 'alerts.exists'),
      body: t('alerts.createdText', { name: alert.description }),
      action: { href: '/account/alerts/', label: t('alerts.title') },
    }),
  });

  return (
    <button type="button" className={`${className} alert-button`} disabled={save.isPending} onClick={() => whenSignedIn(() => save.mutate())} data-alert-query={query}>
      <svg className="alert-button__bell" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" />
      </svg>
      <span>{label}</span>
    </button>
  );
}
