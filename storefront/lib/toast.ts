import { createState, type Store } from './store';

/** SPEC §9: how long a toast shows, how it comes and goes, how wide it is. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_ENTER_MS = 300;
export const TOAST_EXIT_MS = 375;
export const TOAST_WIDTH_PX = 350;
/** How often the clock advances. Time only counts while the toast can be read (see advanceToast). */
export const TOAST_TICK_MS = 20;

export type ToastPhase = 'entering' | 'shown' | 'exiting' | 'gone';

export interface ToastContent {
  title: string;
  body?: string;
  /** A link to act on the message: { href: '/checkout/', label: 'Check out' }. */
  action?: { href: string; label: string };
  /** Errors are announced at once; other toasts politely. */
  tone?: 'info' | 'error';
  /** How long it shows; null keeps it until the shopper acts on it or closes it. */
  durationMs?: number | null;
  /** A new toast of the same group takes the place of the one showing ('mini-basket'). */
  group?: string;
}

export interface Toast extends Required<Pick<ToastContent, 'title' | 'tone' | 'durationMs'>> {
  id: number;
  body: string | undefined;
  action: ToastContent['action'];
  group: string | undefined;
  phase: ToastPhase;
  /** Time spent in the current phase. */
  elapsedMs: number;
}

/**
 * A toast's clock after `dtMs` more: it enters, shows for its duration, exits, and is gone.
 * While `paused` (pointer over it, focus in it, page hidden) a shown toast stays, so nobody
 * loses a message they are reading; one without a duration stays until it is closed.
 */
export function advanceToast(toast: Toast, dtMs: number, paused: boolean): Toast {
  if (toast.phase === 'gone' || (toast.phase === 'shown' && (paused || toast.durationMs === null))) return toast;
  const elapsedMs = toast.elapsedMs + dtMs;
  const limit = toast.phase === 'entering' ? TOAST_ENTER_MS : toast.phase === 'shown' ? toast.durationMs! : TOAST_EXIT_MS;
  return elapsedMs < limit ? { ...toast, elapsedMs } : { ...toast, phase: NEXT_PHASE[toast.phase], elapsedMs: 0 };
}

const NEXT_PHASE = { entering: 'shown', shown: 'exiting', exiting: 'gone' } as const;

export interface ToastStore extends Store<readonly Toast[]> {
  show(content: ToastContent): number;
  /** Starts the exit of a toast (its Close button). */
  dismiss(id: number): void;
  /** Advances every clock; `isPaused` says which toasts are being read. Gone toasts are dropped. */
  tick(dtMs: number, isPaused: (id: number) => boolean): void;
}

export function createToastStore(): ToastStore {
  const state = createState<readonly Toast[]>([]);
  let nextId = 1;
  return {
    getState: state.getState,
    subscribe: state.subscribe,
    show({ title, body, action, tone = 'info', durationMs = TOAST_DURATION_MS, group }) {
      const id = nextId++;
      const others = state.getState().filter((t) => group === undefined || t.group !== group);
      state.set([...others, { id, title, body, action, tone, durationMs, group, phase: 'entering', elapsedMs: 0 }]);
      return id;
    },
    dismiss(id) {
      state.set(state.getState().map((t) => (t.id === id && (t.phase === 'entering' || t.phase === 'shown') ? { ...t, phase: 'exiting', elapsedMs: 0 } : t)));
    },
    tick(dtMs, isPaused) {
      const toasts = state.getState();
      if (toasts.length === 0) return;
      state.set(toasts.map((t) => advanceToast(t, dtMs, isPaused(t.id))).filter((t) => t.phase !== 'gone'));
    },
  };
}
