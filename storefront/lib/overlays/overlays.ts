import type { AccountUser } from '../account/account';
import { createState, type Store } from '../store';

/**
 * The app shell's overlays (SPEC §2, §4): each open or closed, all closed at first, moved only
 * by the events below, as section 4 lists them, with "Forgot password?" beside log-in. The reducer is pure; the store adds the
 * one timer the spec asks for (the slider closing 3 s after its close event).
 */

export const OVERLAYS = ['slider', 'welcomeAlert', 'login', 'forgot', 'join', 'newsletter', 'welcome', 'yourself', 'joinThanks', 'confirmation'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** SPEC §9: the notification slider closes this long after its close event. */
export const SLIDER_CLOSE_DELAY_MS = 3000;

/** The notification slider's one content item. */
export interface SliderContent {
  message: string;
}

export interface OverlayState {
  open: Record<Overlay, boolean>;
  /** The user the join-thanks dialog receives. */
  user: AccountUser | null;
  /** The confirmation dialog's message. */
  confirmation: string | null;
  /** What the login dialog's email field held when "Forgot password?" was pressed, for the forgot dialog to start from. */
  forgotEmail: string;
  slider: SliderContent | null;
  /** Becomes true at the first opening and stays: the overlays' code loads only from then on. */
  everOpened: boolean;
}

export type OverlayEvent =
  | { type: 'login/click' }
  | { type: 'login/succeeded' }
  /** "Forgot password?" in the login dialog, with the email typed there (or nothing). */
  | { type: 'forgot/click'; email: string }
  | { type: 'join/click' }
  | { type: 'join/succeeded' }
  | { type: 'newsletter/dismissed' }
  | { type: 'yourself/click' }
  | { type: 'user/updated'; user: AccountUser }
  | { type: 'confirmation/open'; message: string }
  | { type: 'slider/open'; content: SliderContent }
  | { type: 'slider/close'; content: SliderContent }
  /** The slider's close event, SLIDER_CLOSE_DELAY_MS on. */
  | { type: 'slider/closed' }
  /** A dialog's own close button or Escape, and the welcome alert's. */
  | { type: 'close'; overlay: Overlay };

export const initialOverlayState: OverlayState = {
  open: Object.fromEntries(OVERLAYS.map((overlay) => [overlay, false])) as Record<Overlay, boolean>,
  user: null,
  confirmation: null,
  forgotEmail: '',
  slider: null,
  everOpened: false,
};

export function reduceOverlays(state: OverlayState, event: OverlayEvent): OverlayState {
  const set = (changes: Partial<Record<Overlay, boolean>>, rest: Partial<OverlayState> = {}): OverlayState => ({
    ...state,
    ...rest,
    open: { ...state.open, ...changes },
    everOpened: state.everOpened || Object.values(changes).includes(true),
  });
  switch (event.type) {
    case 'login/click':
      return set({ login: true });
    case 'login/succeeded':
      return set({ login: false });
    case 'forgot/click':
      return set({ login: false, forgot: true }, { forgotEmail: event.email });
    case 'join/click':
      return set({ login: false, join: true });
    case 'join/succeeded':
      return set({ join: false, newsletter: true, welcomeAlert: true });
    case 'newsletter/dismissed':
      return set({ newsletter: false, welcome: true });
    case 'yourself/click':
      return set({ yourself: true });
    case 'user/updated':
      return set({ yourself: false, joinThanks: true }, { user: event.user });
    case 'confirmation/open':
      return set({ confirmation: true }, { confirmation: event.message });
    case 'slider/open':
      return set({ slider: true }, { slider: event.content });
    case 'slider/close':
      return set({}, { slider: event.content });
    case 'slider/closed':
      return set({ slider: false });
    case 'close':
      return set({ [event.overlay]: false });
  }
}

export interface OverlayStore extends Store<OverlayState> {
  dispatch(event: OverlayEvent): void;
  /** A note shown for a moment: the slider opens with `content` and closes SLIDER_CLOSE_DELAY_MS later. */
  notify(content: SliderContent): void;
}

/**
 * The overlays' state for the page. A slider close event closes it SLIDER_CLOSE_DELAY_MS
 * later; opening it again meanwhile calls that off, so fresh content is not cut short.
 */
export function createOverlayStore(): OverlayStore {
  const state = createState(initialOverlayState);
  let sliderTimer: ReturnType<typeof setTimeout> | undefined;
  const dispatch = (event: OverlayEvent) => {
    if (event.type === 'slider/open' || event.type === 'slider/close') clearTimeout(sliderTimer);
    if (event.type === 'slider/close') sliderTimer = setTimeout(() => dispatch({ type: 'slider/closed' }), SLIDER_CLOSE_DELAY_MS);
    state.set(reduceOverlays(state.getState(), event));
  };
  const notify = (content: SliderContent) => {
    dispatch({ type: 'slider/open', content });
    dispatch({ type: 'slider/close', content });
  };
  return { getState: state.getState, subscribe: state.subscribe, dispatch, notify };
}
