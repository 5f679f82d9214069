'use client';

import { useAccount } from './account-context';

/** A notice for a page that needs an account, with the way to log in (the login overlay). */
export function LoginPrompt({ text, action }: { text: string; action: string }) {
  const { dispatch } = useAccount();
  return (
    <section className="notice">
      <p className="notice__text">{text}</p>
      <button type="button" className="button" data-overlay-return onClick={() => dispatch({ type: 'login/click' })}>
        {action}
      </button>
    </section>
  );
}
