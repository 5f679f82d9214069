'use client';

import { useEffect } from 'react';
import { useAccount } from './account-context';

/**
 * A notice for a page that needs an account, with the way to log in (the login overlay);
 * `openAtOnce` opens the overlay as the page loads (the /login/ page).
 */
export function LoginPrompt({ text, action, openAtOnce = false }: { text: string; action: string; openAtOnce?: boolean }) {
  const { dispatch } = useAccount();
  useEffect(() => {
    if (openAtOnce) dispatch({ type: 'login/click' });
  }, [openAtOnce, dispatch]);
  return (
    <section className="notice">
      <p className="notice__text">{text}</p>
      <button type="button" className="button" data-overlay-return onClick={() => dispatch({ type: 'login/click' })}>
        {action}
      </button>
    </section>
  );
}
