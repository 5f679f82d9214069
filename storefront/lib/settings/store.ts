import { createState, errorMessage, shouldUpdate, type LoadStatus, type Store } from '../store';
import { applyOverrides, choiceOf, type UrlOverrides } from './entity';
import type { SettingsChoice, UserSettings } from './settings';

/**
 * The browser's copy of the shopper's settings (SPEC §4). The saved settings and the page
 * view's URL overrides are kept apart; what the page shows is the one applied to the other.
 */
export interface SettingsState {
  saved: UserSettings;
  overrides: UrlOverrides;
  status: LoadStatus;
  error: string | null;
}

/** What a save came to: 'skipped' when another save was still in flight. */
export type SaveOutcome = 'saved' | 'skipped' | 'failed';

export interface SettingsStore extends Store<SettingsState> {
  /** Saves the saved settings with `patch` applied; the response replaces them. */
  save(patch: Partial<SettingsChoice>): Promise<SaveOutcome>;
  /** Takes the settings a server render brought (a refresh, a sign-in or -out); ignored mid-save. */
  adopt(saved: UserSettings, overrides: UrlOverrides): void;
  /** The basket's item count after a basket change (SPEC §4: basket_count follows the basket). */
  setBasketCount(count: number): void;
}

/** The settings the page shows: saved ones with the URL's overrides (the currency rule included). */
export const shownSettings = (state: SettingsState): UserSettings => applyOverrides(state.saved, state.overrides);

/**
 * `send` PUTs the four choices and answers the saved settings. The server rendered the
 * settings, so the store starts out loaded.
 */
export function createSettingsStore(
  saved: UserSettings,
  overrides: UrlOverrides,
  send: (choice: SettingsChoice) => Promise<UserSettings>,
): SettingsStore {
  const state = createState<SettingsState>({ saved, overrides, status: 'succeeded', error: null });
  return {
    getState: state.getState,
    subscribe: state.subscribe,

    async save(patch) {
      const current = state.getState();
      if (!shouldUpdate(current.status)) return 'skipped';
      state.set({ ...current, status: 'updating' });
      try {
        const next = await send({ ...choiceOf(current.saved), ...patch });
        // A setting the shopper just chose no longer follows the URL.
        const remaining = Object.fromEntries(Object.entries(current.overrides).filter(([field]) => !(field in patch)));
        state.set({ saved: next, overrides: remaining, status: 'succeeded', error: null });
        return 'saved';
      } catch (error) {
        state.set({ ...state.getState(), status: 'failed', error: errorMessage(error) });
        return 'failed';
      }
    },

    setBasketCount(count) {
      const current = state.getState();
      if (current.saved.basket_count !== count) state.set({ ...current, saved: { ...current.saved, basket_count: count } });
    },

    adopt(nextSaved, nextOverrides) {
      const current = state.getState();
      if (current.status === 'updating') return;
      if (JSON.stringify([current.saved, current.overrides]) === JSON.stringify([nextSaved, nextOverrides])) return;
      state.set({ ...current, saved: nextSaved, overrides: nextOverrides });
    },
  };
}
