'use client';

import { useT } from '../../lib/i18n/use-t';
import { useAccount } from '../account/account-provider';

/** A visitor at checkout: log in or join here, in the overlays; the page then shows the checkout, basket kept. */
export function CheckoutSignIn() {
  const t = useT();
  const { dispatch } = useAccount();
  return (
    <section className="notice">
      <p className="notice__text">{t('checkout.signIn')}</p>
      <div className="notice__actions">
        <button type="button" className="button" data-overlay-return onClick={() => dispatch({ type: 'login/click' })}>{t('account.login')}</button>
        <button type="button" className="button button--secondary" data-overlay-return onClick={() => dispatch({ type: 'join/click' })}>{t('account.join')}</button>
        <a className="link-button" href="/basket/">{t('basket.view')}</a>
      </div>
    </section>
  );
}
