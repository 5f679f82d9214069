'use client';

import { useId, useState, type FormEvent } from 'react';
import { answer, api, ApiResponseError } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { accountMessages } from '../../lib/i18n/messages/account';
import { errorMessage } from '../../lib/store';
import { useAccount } from './account-context';
// The overlays' form styles: the same fields as the log-in dialog's.
import './overlays.css';

/** The form a mailed "Forgot password?" link opens: a new password, and the shopper is signed in with it. */
export function ResetPassword({ token }: { token: string | undefined }) {
  const t = useT(accountMessages);
  const id = useId();
  const { changeUser, dispatch } = useAccount();
  const [state, setState] = useState<{ name: 'ready' | 'working' | 'done' } | { name: 'failed'; message: string; deadLink: boolean }>({ name: 'ready' });
  const askAgain = (
    <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'forgot/click', email: '' })}>{t('account.resetAgain')}</button>
  );
  if (!token) {
    return (
      <>
        <p className="notice">{t('account.resetMissing')}</p>
        {askAgain}
      </>
    );
  }
  if (state.name === 'done') {
    return (
      <>
        <p className="notice" role="status">{t('account.resetDone')}</p>
        <a className="button" href="/shop/">{t('account.startLooking')}</a>
      </>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.name === 'working') return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setState({ name: 'working' });
    try {
      const { user } = await answer(api.api.account.password.reset.index.$post({ json: { token, password } }));
      changeUser(user);
      setState({ name: 'done' });
    } catch (failure) {
      setState({ name: 'failed', message: errorMessage(failure), deadLink: failure instanceof ApiResponseError && failure.param === 'token' });
    }
  };
  return (
    <form className="overlay-form overlay-form--page" onSubmit={submit} noValidate>
      <p className="overlay-dialog__intro">{t('account.resetIntro')}</p>
      <label className="overlay-form__field" htmlFor={id}>
        <span className="overlay-form__label">{t('account.newPassword')}</span>
        <input id={id} name="password" type="password" autoComplete="new-password" minLength={10} maxLength={200} required aria-describedby={`${id}-hint`} />
        <span className="overlay-form__hint" id={`${id}-hint`}>{t('account.passwordHint')}</span>
      </label>
      {state.name === 'failed' && <p className="overlay-form__error" role="alert">{state.message}</p>}
      <div className="overlay-form__actions">
        <button type="submit" className="button" disabled={state.name === 'working'}>
          {state.name === 'working' ? t('account.working') : t('account.resetButton')}
        </button>
        {state.name === 'failed' && state.deadLink && askAgain}
      </div>
    </form>
  );
}
