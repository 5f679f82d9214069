'use client';

import { useState, type FormEvent } from 'react';
import { answer, api } from '../../lib/api/client';
import { useT } from '../../lib/i18n/use-t';
import { accountMessages } from '../../lib/i18n/messages/account';
import { errorMessage } from '../../lib/store';
import { useAccount } from './account-context';
import { LoginPrompt } from './login-prompt';
import './overlays.css';

/**
 * The form that confirms a mailed link's email with the password the account will log in with.
 * Confirming signs no one in and ends the account's sessions (this browser's too, if it was signed
 * in to it); the shopper then logs in.
 */
export function ConfirmEmail({ token }: { token: string | undefined }) {
  const t = useT(accountMessages);
  const { user, changeUser } = useAccount();
  const [state, setState] = useState<{ name: 'ready' | 'working' } | { name: 'done'; email: string } | { name: 'failed'; message: string }>({ name: 'ready' });
  if (!token) return <p className="notice">{t('account.confirmMissing')}</p>;
  if (state.name === 'done') {
    // Once they have logged in from here, the way on is the gallery.
    if (user?.email !== state.email) return <LoginPrompt text={t('account.confirmed', { email: state.email })} action={t('account.login')} />;
    return <a className="button" href="/shop/">{t('account.startLooking')}</a>;
  }
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setState({ name: 'working' });
    try {
      const { email } = await answer(api.api.account.confirm.index.$post({ json: { token, password } }));
      if (user?.email === email) changeUser(null);
      setState({ name: 'done', email });
    } catch (failure) {
      setState({ name: 'failed', message: errorMessage(failure) });
    }
  };
  return (
    <form className="overlay-form overlay-form--page" onSubmit={confirm} noValidate>
      <p className="notice">{t('account.confirmIntro')}</p>
      <label className="overlay-form__field">
        <span className="overlay-form__label">{t('account.password')}</span>
        <input name="password" type="password" autoComplete="new-password" minLength={10} maxLength={200} required />
        <span className="overlay-form__hint">{t('account.passwordHint')}</span>
      </label>
      {state.name === 'failed' && <p className="overlay-form__error" role="alert">{state.message}</p>}
      <button type="submit" className="button" disabled={state.name === 'working'}>
        {state.name === 'working' ? t('account.working') : t('account.confirmButton')}
      </button>
    </form>
  );
}
