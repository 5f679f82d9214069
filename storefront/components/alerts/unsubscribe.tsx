'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { alertsMessages } from '../../lib/i18n/messages/alerts';

/**
 * The unsubscribe page's one button: pauses the alert the mailed link names. Opening the link
 * changes nothing by itself, since mail scanners open links too; the shopper's click does.
 */
export function Unsubscribe({ token, name, paused }: { token: string; name: string; paused: boolean }) {
  const t = useT(alertsMessages);
  const [done, setDone] = useState(paused);
  const unsubscribe = useMutation({
    mutationFn: () => answer(api.api.alerts.unsubscribe.index.$post({ json: { token } })),
    onSuccess: () => setDone(true),
  });
  if (done) return <p className="notice__text" role="status">{t('alerts.unsubscribedText', { name })}</p>;
  return (
    <>
      <p className="notice__text">{t('alerts.unsubscribeIntro', { name })}</p>
      {unsubscribe.error && <p className="notice__text" role="alert">{unsubscribe.error.message}</p>}
      <button type="button" className="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>{t('alerts.unsubscribeButton')}</button>
    </>
  );
}
