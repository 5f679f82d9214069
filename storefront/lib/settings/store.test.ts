import { describe, expect, it } from 'vitest';
import { buildUserSettings, VISITOR_FACTS } from './entity';
import { DEFAULT_SETTINGS } from './defaults.fixture';
import type { SettingsChoice, UserSettings } from './settings';
import { createSettingsStore, shownSettings } from './store';

/** A PUT the test answers when it likes: resolve(choice) or reject(error). */
function controllableSend() {
  const calls: { choice: SettingsChoice; resolve: (s: UserSettings) => void; reject: (e: Error) => void }[] = [];
  const send = (choice: SettingsChoice) => new Promise<UserSettings>((resolve, reject) => calls.push({ choice, resolve, reject }));
  return { send, calls, answer: (i = calls.length - 1) => calls[i]!.resolve(buildUserSettings(calls[i]!.choice, VISITOR_FACTS)) };
}

describe('the settings store', () => {
  it('starts loaded with the server\'s settings', () => {
    const store = createSettingsStore(DEFAULT_SETTINGS, {}, controllableSend().send);
    expect(store.getState()).toMatchObject({ status: 'succeeded', error: null, saved: DEFAULT_SETTINGS });
  });

  it('sends all four choices with the patch applied, and takes the response', async () => {
    const { send, calls, answer } = controllableSend();
    const store = createSettingsStore(DEFAULT_SETTINGS, {}, send);
    const saving = store.save({ currency: 'USD' });
    expect(store.getState().status).toBe('updating');
    expect(calls[0]?.choice).toEqual({ currency: 'USD', country: 'GB', display_units: 'cm', language: 'en-gb' });
    answer();
    expect(await saving).toBe('saved');
    expect(store.getState()).toMatchObject({ status: 'succeeded', saved: { currency: 'USD', currency_symbol: '$' } });
  });

  it('skips a save while another is in flight', async () => {
    const { send, calls, answer } = controllableSend();
    const store = createSettingsStore(DEFAULT_SETTINGS, {}, send);
    const first = store.save({ currency: 'USD' });
    expect(await store.save({ currency: 'EUR' })).toBe('skipped');
    expect(calls).toHaveLength(1);
    answer();
    await first;
    expect(store.getState().saved.currency).toBe('USD');
  });

  it('keeps the settings and stores the error when a save fails, and may save again', async () => {
    const { send, calls, answer } = controllableSend();
    const store = createSettingsStore(DEFAULT_SETTINGS, {}, send);
    const failing = store.save({ country: 'US' });
    calls[0]!.reject(new Error('The server answered 503.'));
    expect(await failing).toBe('failed');
    expect(store.getState()).toMatchObject({ status: 'failed', error: 'The server answered 503.', saved: DEFAULT_SETTINGS });
    const retry = store.save({ country: 'US' });
    answer();
    expect(await retry).toBe('saved');
    expect(store.getState()).toMatchObject({ status: 'succeeded', error: null, saved: { country: 'US' } });
  });

  it('never saves a currency only the URL asked for, and drops an override once that setting is chosen', async () => {
    const { send, calls, answer } = controllableSend();
    const store = createSettingsStore(DEFAULT_SETTINGS, { currency: 'USD' }, send);
    expect(shownSettings(store.getState()).currency).toBe('USD');
    const units = store.save({ display_units: 'in' });
    expect(calls[0]?.choice.currency).toBe('GBP');
    answer(0);
    await units;
    expect(shownSettings(store.getState())).toMatchObject({ currency: 'USD', display_units: 'in' });
    const currency = store.save({ currency: 'EUR' });
    answer(1);
    await currency;
    expect(store.getState().overrides).toEqual({});
    expect(shownSettings(store.getState()).currency).toBe('EUR');
  });

  it('adopts the settings of a later server render, applying the sign-in and sign-out currency rule', () => {
    const store = createSettingsStore(DEFAULT_SETTINGS, { currency: 'USD' }, controllableSend().send);
    const signedIn = buildUserSettings({ currency: 'AUD', country: 'AU', display_units: 'cm', language: 'en-gb' }, { ...VISITOR_FACTS, authenticated: true });
    store.adopt(signedIn, { currency: 'USD' });
    expect(shownSettings(store.getState()).currency).toBe('AUD');
    store.adopt(DEFAULT_SETTINGS, { currency: 'USD' });
    expect(shownSettings(store.getState()).currency).toBe('USD');
  });

  it('ignores a server render that arrives mid-save', () => {
    const store = createSettingsStore(DEFAULT_SETTINGS, {}, controllableSend().send);
    void store.save({ currency: 'EUR' });
    store.adopt(buildUserSettings({ currency: 'CAD', country: 'CA', display_units: 'cm', language: 'en-gb' }, VISITOR_FACTS), {});
    expect(store.getState().saved).toBe(DEFAULT_SETTINGS);
  });

  it('tells subscribers about every change', async () => {
    const { send, answer } = controllableSend();
    const store = createSettingsStore(DEFAULT_SETTINGS, {}, send);
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().status));
    const saving = store.save({ language: 'en-us' });
    answer();
    await saving;
    unsubscribe();
    expect(seen).toEqual(['updating', 'succeeded']);
  });

  it('follows the basket count, telling subscribers only when it changes', () => {
    const store = createSettingsStore(DEFAULT_SETTINGS, {}, controllableSend().send);
    let changes = 0;
    store.subscribe(() => changes++);
    store.setBasketCount(3);
    store.setBasketCount(3);
    expect(shownSettings(store.getState()).basket_count).toBe(3);
    expect(changes).toBe(1);
  });
});
