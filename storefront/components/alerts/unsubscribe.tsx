'use client';

import { useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';

/**
 * The unsubscribe page's one button: pauses the alert the mailed link names. Opening the link
 * changes nothing by itself, since mail scanners open links too; the shopper's click does.
 */
export function Unsubscribe({ token, name, paused }: { token: string; name: string; paused: boolean }) {
  const t = useT();
  const [done, setDone] = useState(paused);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (done) return <p className="notice__text" role="status">{t('alerts.unsubscribedText', { name })}</p>;
  return (
    <>
      <p className="notice__text">{t('alerts.unsubscribeIntro', { name })}</p>
      {problem && <p className="notice__text" role="alert">{problem}</p>}
      <button type="button" className="button" disabled={busy} onClick={async () => {
        setBusy(true);
        try {
          await answer(api.api.alerts.unsubscribe.index.$post({ json: { token } }));
          setDone(true);
        } catch (error) {
          setProblem(error instanceof Error ? error.message : String(error));
        } finally {
          setBusy(false);
        }
      }}>{t('alerts.unsubscribeButton')}</button>
    </>
  );
}
