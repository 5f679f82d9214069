import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountUser } from '../account/account';
import { createOverlayStore, initialOverlayState, OVERLAYS, reduceOverlays, SLIDER_CLOSE_DELAY_MS, type Overlay, type OverlayEvent, type OverlayState } from './overlays';

const ADA: AccountUser = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'user', artist_id: null, about: 'Seascapes', guest: false, email_confirmed: true };

/** The state with just these overlays open. */
const withOpen = (...overlays: Overlay[]): OverlayState => ({
  ...initialOverlayState,
  open: { ...initialOverlayState.open, ...Object.fromEntries(overlays.map((o) => [o, true])) },
  everOpened: overlays.length > 0,
});
const openOf = (state: OverlayState) => OVERLAYS.filter((overlay) => state.open[overlay]);
const run = (state: OverlayState, ...events: OverlayEvent[]) => events.reduce(reduceOverlays, state);

describe('the overlays (SPEC §4)', () => {
  it('start all closed, never opened', () => {
    expect(openOf(initialOverlayState)).toEqual([]);
    expect(initialOverlayState.everOpened).toBe(false);
  });

  it('click on login opens the login dialog', () => {
    const state = run(initialOverlayState, { type: 'login/click' });
    expect(openOf(state)).toEqual(['login']);
    expect(state.everOpened).toBe(true);
  });

  it('login success closes the login dialog', () => {
    expect(openOf(run(withOpen('login', 'slider'), { type: 'login/succeeded' }))).toEqual(['slider']);
  });

  it('click on join closes the login dialog and opens the join dialog', () => {
    expect(openOf(run(withOpen('login'), { type: 'join/click' }))).toEqual(['join']);
    expect(openOf(run(initialOverlayState, { type: 'join/click' }))).toEqual(['join']);
  });

  it('"Forgot password?" closes the login dialog and opens the forgot dialog; closing it leaves nothing open', () => {
    const forgot = run(withOpen('login'), { type: 'forgot/click', email: 'ada@example.com' });
    expect(openOf(forgot)).toEqual(['forgot']);
    expect(forgot.forgotEmail).toBe('ada@example.com');
    expect(openOf(run(forgot, { type: 'close', overlay: 'forgot' }))).toEqual([]);
    expect(openOf(run(forgot, { type: 'close', overlay: 'forgot' }, { type: 'login/click' }))).toEqual(['login']);
  });

  it('registration success closes the join dialog and opens the newsletter dialog and the welcome alert', () => {
    expect(openOf(run(withOpen('join'), { type: 'join/succeeded' }))).toEqual(['welcomeAlert', 'newsletter']);
  });

  it('newsletter dismiss closes the newsletter dialog and opens the welcome dialog', () => {
    expect(openOf(run(withOpen('newsletter', 'welcomeAlert'), { type: 'newsletter/dismissed' }))).toEqual(['welcomeAlert', 'welcome']);
  });

  it('click on tell-about-yourself opens the yourself dialog', () => {
    expect(openOf(run(withOpen('welcome'), { type: 'yourself/click' }))).toEqual(['welcome', 'yourself']);
  });

  it('user updated closes the yourself dialog, stores the user and opens the join-thanks dialog', () => {
    const state = run(withOpen('yourself'), { type: 'user/updated', user: ADA });
    expect(openOf(state)).toEqual(['joinThanks']);
    expect(state.user).toEqual(ADA);
  });

  it('an open-confirmation-message event opens the confirmation dialog with that message', () => {
    const state = run(initialOverlayState, { type: 'confirmation/open', message: 'You have logged out.' });
    expect(openOf(state)).toEqual(['confirmation']);
    expect(state.confirmation).toBe('You have logged out.');
  });

  it('an open-notification-slider event opens the slider with the given content', () => {
    const state = run(initialOverlayState, { type: 'slider/open', content: { message: 'Welcome back' } });
    expect(openOf(state)).toEqual(['slider']);
    expect(state.slider).toEqual({ message: 'Welcome back' });
  });

  it('a close-notification-slider event sets the content and leaves the closing to later', () => {
    const state = run(withOpen('slider'), { type: 'slider/close', content: { message: 'Goodbye' } });
    expect(openOf(state)).toEqual(['slider']);
    expect(state.slider).toEqual({ message: 'Goodbye' });
    expect(openOf(run(state, { type: 'slider/closed' }))).toEqual([]);
  });

  it('a close closes that overlay alone, and having been opened is remembered', () => {
    const state = run(withOpen('welcome', 'welcomeAlert'), { type: 'close', overlay: 'welcomeAlert' });
    expect(openOf(state)).toEqual(['welcome']);
    const closed = run(state, { type: 'close', overlay: 'welcome' });
    expect(openOf(closed)).toEqual([]);
    expect(closed.everOpened).toBe(true);
  });

  it('walks the whole join journey', () => {
    const state = run(
      initialOverlayState,
      { type: 'login/click' }, { type: 'join/click' }, { type: 'join/succeeded' }, { type: 'newsletter/dismissed' },
      { type: 'close', overlay: 'welcome' }, { type: 'yourself/click' }, { type: 'user/updated', user: ADA },
    );
    expect(openOf(state)).toEqual(['welcomeAlert', 'joinThanks']);
    expect(state.user?.name).toBe('Ada');
  });
});

describe('the overlay store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes the slider 3 s after its close event, not before', () => {
    const store = createOverlayStore();
    store.dispatch({ type: 'slider/open', content: { message: 'Hello' } });
    store.dispatch({ type: 'slider/close', content: { message: 'Bye' } });
    vi.advanceTimersByTime(SLIDER_CLOSE_DELAY_MS - 1);
    expect(store.getState().open.slider).toBe(true);
    expect(store.getState().slider).toEqual({ message: 'Bye' });
    vi.advanceTimersByTime(1);
    expect(store.getState().open.slider).toBe(false);
  });

  it('shows a note for 3 s: notify opens the slider and closes it after the delay', () => {
    const store = createOverlayStore();
    store.notify({ message: 'Welcome back' });
    expect(store.getState().open.slider).toBe(true);
    expect(store.getState().slider).toEqual({ message: 'Welcome back' });
    vi.advanceTimersByTime(SLIDER_CLOSE_DELAY_MS - 1);
    expect(store.getState().open.slider).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getState().open.slider).toBe(false);
  });

  it('calls the pending close off when the slider opens again', () => {
    const store = createOverlayStore();
    store.dispatch({ type: 'slider/close', content: { message: 'Bye' } });
    store.dispatch({ type: 'slider/open', content: { message: 'Fresh' } });
    vi.advanceTimersByTime(SLIDER_CLOSE_DELAY_MS * 2);
    expect(store.getState().open.slider).toBe(true);
  });

  it('tells its subscribers of each change', () => {
    const store = createOverlayStore();
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getState().open.login));
    store.dispatch({ type: 'login/click' });
    store.dispatch({ type: 'login/succeeded' });
    expect(seen).toEqual([true, false]);
  });
});
