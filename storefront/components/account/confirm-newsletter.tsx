'use client';

import { useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { accountMessages } from '../../lib/i18n/messages/account';
import { errorMessage } from '../../lib/store';

/** The button that confirms the newsletter's mailed link, starting the newsletter for its address. */
export function ConfirmNewsletter({ token }: { token: string | undefined }) {
  const t = useT(accountMessages);
  const [state, setState] = useState<{ name: 'ready' | 'working' } | { name: 'done'; email: string } | { name: 'failed'; message: string }>({ name: 'ready' });
  if (!token) return <p className="notice">{t('account.confirmMissing')}</p>;
  if (state.name === 'done') {
    return (
      <>
        <p className="notice" role="status">{t('account.newsletterConfirmed', { email: state.email })}</p>
        <a className="button" href="/shop/">{t('account.startLooking')}</a>
      </>
    );
  }
  const confirm = async () => {
    setState({ name: 'working' });
    try {
      const { email } = await answer(api.api.marketing.newsletter.confirm.index.$post({ json: { token } }));
      setState({ name: 'done', email });
    } catch (failure) {
      setState({ name: 'failed', message: errorMessage(failure) });
    }
  };
  return (
    <>
      <p className="notice">{t('account.newsletterConfirmIntro')}</p>
      {state.name === 'failed' && <p className="notice" role="alert">{state.message}</p>}
      <button type="button" className="button" disabled={state.name === 'working'} onClick={confirm}>
        {state.name === 'working' ? t('account.working') : t('account.newsletterConfirmButton')}
      </button>
    </>
  );
}
