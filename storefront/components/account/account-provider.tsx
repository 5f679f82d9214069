'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { AccountUser } from '../../lib/account/account';
import { userTypeOf } from '../../lib/account/user-type';
import { pushDataLayer } from '../../lib/analytics';
import { createOverlayStore } from '../../lib/overlays/overlays';
import { AccountContext } from './account-context';

// The overlays' code is fetched the first time one opens, never with the page (SPEC §2).
const Overlays = dynamic(() => import('./overlays'), { ssr: false });

/**
 * The signed-in user and the app shell's overlays, for client components. The user comes from
 * the server render and follows it after each refresh, with an artist's own profile slug.
 */
export function AccountProvider({ user: rendered, artistSlug = null, children }: { user: AccountUser | null; artistSlug?: string | null; children: ReactNode }) {
  const router = useRouter();
  const [user, setUser] = useState(rendered);
  useEffect(() => setUser(rendered), [rendered]);
  const [store] = useState(createOverlayStore);
  const overlays = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const userType = userTypeOf(user?.role);

  // SPEC §6: analytics learn who is looking, on page load and whenever that changes.
  useEffect(() => {
    pushDataLayer({ user_type: userType });
  }, [userType]);

  const changeUser = useCallback(
    (next: AccountUser | null) => {
      setUser(next);
      router.refresh();
    },
    [router],
  );

  const pending = useRef<(() => void) | null>(null);
  const whenSignedIn = useCallback(
    (action: () => void) => {
      if (user) return action();
      pending.current = action;
      store.dispatch({ type: 'login/click' });
    },
    [user, store],
  );
  useEffect(() => {
    const action = pending.current;
    if (user && action) {
      pending.current = null;
      action();
    } else if (!user && !overlays.open.login && !overlays.open.join) {
      pending.current = null;
    }
  }, [user, overlays.open.login, overlays.open.join]);

  // The artist's slug is the server's, for the user it rendered: none while another is shown.
  const ownArtistSlug = user?.id === rendered?.id ? artistSlug : null;
  const value = useMemo(
    () => ({ user, artistSlug: ownArtistSlug, overlays, dispatch: store.dispatch, notify: store.notify, changeUser, whenSignedIn }),
    [user, ownArtistSlug, overlays, store, changeUser, whenSignedIn],
  );
  return (
    <AccountContext value={value}>
      {children}
      {overlays.everOpened && <Overlays />}
    </AccountContext>
  );
}
