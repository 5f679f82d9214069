'use client';

import { createContext, use } from 'react';
import type { AccountUser } from '../../lib/account/account';
import type { OverlayStore, OverlayState } from '../../lib/overlays/overlays';

export interface AccountContextValue {
  user: AccountUser | null;
  /** The signed-in artist's own profile slug (their page, works and profile form); null for everyone else. */
  artistSlug: string | null;
  overlays: OverlayState;
  dispatch: OverlayStore['dispatch'];
  notify: OverlayStore['notify'];
  /** After joining, logging in or out: shows the new user at once, then re-renders the server parts (settings, currency). */
  changeUser(user: AccountUser | null): void;
  /**
   * Runs `action` for a signed-in user at once; a visitor is shown the login overlay first and
   * the action runs once they have logged in or joined (dropped if they close it instead).
   */
  whenSignedIn(action: () => void): void;
}

/** Filled by <AccountProvider>; read with useAccount(). Apart from the provider so the overlays it loads can read it too. */
export const AccountContext = createContext<AccountContextValue | null>(null);

/** The signed-in user and the overlays; inside <AccountProvider> only. */
export function useAccount(): AccountContextValue {
  const value = use(AccountContext);
  if (!value) throw new Error('useAccount() is used outside <AccountProvider>.');
  return value;
}
