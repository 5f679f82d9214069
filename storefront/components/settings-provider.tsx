'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { putSettings } from '../lib/settings/client';
import { SettingsContext } from '../lib/settings/settings-context';
import { SETTINGS_QUERY, type UrlOverrides } from '../lib/settings/entity';
import type { SettingsChoice, UserSettings } from '../lib/settings/settings';
import { createSettingsStore, shownSettings } from '../lib/settings/store';

export interface SettingsProviderProps {
  /** The settings the server rendered with (lib/settings/server.ts getSettingsSnapshot). */
  saved: UserSettings;
  overrides: UrlOverrides;
  children: ReactNode;
}

/**
 * Holds the shopper's settings for client components. A save updates them here at once and
 * then re-renders the server parts; a setting the URL had overridden leaves the URL too.
 */
export function SettingsProvider({ saved, overrides, children }: SettingsProviderProps) {
  const router = useRouter();
  const [store] = useState(() => createSettingsStore(saved, overrides, putSettings));
  // A server render after a refresh, sign-in or sign-out brings settings of its own.
  useEffect(() => store.adopt(saved, overrides), [store, saved, overrides]);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const settings = useMemo(() => shownSettings(state), [state]);

  const save = useCallback(
    async (patch: Partial<SettingsChoice>) => {
      const outcome = await store.save(patch);
      if (outcome === 'saved') {
        const url = new URL(window.location.href);
        for (const field of Object.keys(patch)) {
          if (field in SETTINGS_QUERY) url.searchParams.delete(SETTINGS_QUERY[field as keyof typeof SETTINGS_QUERY]);
        }
        if (url.href !== window.location.href) router.replace(`${url.pathname}${url.search}${url.hash}`, { scroll: false });
        router.refresh();
      }
      return outcome;
    },
    [store, router],
  );

  const value = useMemo(
    () => ({ settings, status: state.status, error: state.error, save, setBasketCount: store.setBasketCount }),
    [settings, state.status, state.error, save, store],
  );
  return <SettingsContext value={value}>{children}</SettingsContext>;
}
