'use client';

import { createContext, use } from 'react';
import type { LoadStatus } from '../store';
import type { SettingsChoice, UserSettings } from './settings';
import type { SaveOutcome } from './store';

export interface SettingsContextValue {
  /** What the page shows: the saved settings with the URL's overrides. */
  settings: UserSettings;
  status: LoadStatus;
  error: string | null;
  /** Saves through PUT /api/u/; skipped while a save is in flight. */
  save(patch: Partial<SettingsChoice>): Promise<SaveOutcome>;
  /** Shows the basket's new item count in the header. */
  setBasketCount(count: number): void;
}

/** Filled by <SettingsProvider> (components/settings-provider.tsx); read with useSettings(). */
export const SettingsContext = createContext<SettingsContextValue | null>(null);

/** The shopper's settings and how to save them; inside <SettingsProvider> only. */
export function useSettings(): SettingsContextValue {
  const value = use(SettingsContext);
  if (!value) throw new Error('useSettings() is used outside <SettingsProvider>.');
  return value;
}
