'use client';

import { useState, type FormEvent } from 'react';
import { answer, api } from '../../lib/api/client';
import { errorMessage } from '../../lib/store';
import { useT } from '../../lib/i18n/use-t';
import { accountMessages } from '../../lib/i18n/messages/account';
import { checkoutMessages } from '../../lib/i18n/messages/checkout';
import { useAccount } from '../account/account-context';

/**
 * A visitor at checkout: check out as a guest with just an email, or log in or join here, in
 * the overlays. Either way the page then shows the checkout, basket kept.
 */
export function CheckoutSignIn() {
  const t = useT(accountMessages, checkoutMessages);
  const { dispatch, changeUser } = useAccount();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const asGuest = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { user } = await answer(api.api.account.guest.index.$post({ json: { email } }));
      changeUser(user);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <div className="checkout checkout__choices">
      <form className="checkout__panel" onSubmit={asGuest}>
        <h2 className="checkout__heading">{t('checkout.guest')}</h2>
        <p className="checkout__note">{t('checkout.guestText')}</p>
        <label className="checkout__field">{t('checkout.email')}
          <input className="field" name="email" type="email" required maxLength={254} autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        {error && <p className="checkout__error" role="alert">{error}</p>}
        <button type="submit" className="button" disabled={busy}>{t('checkout.asGuest')}</button>
      </form>
      <section className="checkout__panel">
        <h2 className="checkout__heading">{t('checkout.haveAccount')}</h2>
        <p className="checkout__note">{t('checkout.signIn')}</p>
        <div className="checkout__actions">
          <button type="button" className="button" data-overlay-return onClick={() => dispatch({ type: 'login/click' })}>{t('account.login')}</button>
          <button type="button" className="button button--secondary" data-overlay-return onClick={() => dispatch({ type: 'join/click' })}>{t('account.join')}</button>
        </div>
      </section>
    </div>
  );
}
