'use client';

import { useState } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { errorMessage } from '../../lib/store';
import { useAccount } from './account-context';

/** The button that confirms a mailed link's email, signing its account in. */
export function ConfirmEmail({ token }: { token: string | undefined }) {
  const t = useT();
  const { changeUser } = useAccount();
  const [state, setState] = useState<{ name: 'ready' | 'working' } | { name: 'done'; email: string } | { name: 'failed'; message: string }>({ name: 'ready' });
  if (!token) return <p className="notice">{t('account.confirmMissing')}</p>;
  if (state.name === 'done') {
    return (
      <>
        <p className="notice" role="status">{t('account.confirmed', { email: state.email })}</p>
        <a className="button" href="/shop/">{t('account.startLooking')}</a>
      </>
    );
  }
  const confirm = async () => {
    setState({ name: 'working' });
    try {
      const { user } = await answer(api.api.account.confirm.index.$post({ json: { token } }));
      changeUser(user);
      setState({ name: 'done', email: user?.email ?? '' });
    } catch (failure) {
      setState({ name: 'failed', message: errorMessage(failure) });
    }
  };
  return (
    <>
      <p className="notice">{t('account.confirmIntro')}</p>
      {state.name === 'failed' && <p className="notice" role="alert">{state.message}</p>}
      <button type="button" className="button" disabled={state.name === 'working'} onClick={confirm}>
        {state.name === 'working' ? t('account.working') : t('account.confirmButton')}
      </button>
    </>
  );
}
