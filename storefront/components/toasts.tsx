'use client';

import { createContext, use, useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { useT } from '../lib/i18n/use-t';
import { commonMessages } from '../lib/i18n/messages/common';
import {
  createToastStore, TOAST_ENTER_MS, TOAST_EXIT_MS, TOAST_TICK_MS, TOAST_WIDTH_PX, type Toast, type ToastContent, type ToastStore,
} from '../lib/toast';

const ToastContext = createContext<ToastStore | null>(null);

/** Shows toasts over every page; components raise them with useToast(). Inside <SettingsProvider>. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createToastStore);
  return (
    <ToastContext value={store}>
      {children}
      <ToastViewport store={store} />
    </ToastContext>
  );
}

/** Raises a toast: useToast().show({ title: 'Settings saved', body: '…' }). */
export function useToast(): Pick<ToastStore, 'show'> {
  const store = use(ToastContext);
  if (!store) throw new Error('useToast() is used outside <ToastProvider>.');
  return store;
}

// The CSS animations take their timing from the same constants as the clock.
const viewportStyle = {
  '--toast-width': `${TOAST_WIDTH_PX}px`,
  '--toast-enter': `${TOAST_ENTER_MS}ms`,
  '--toast-exit': `${TOAST_EXIT_MS}ms`,
} as CSSProperties;

function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const t = useT(commonMessages);
  const beingRead = useRef(new Set<number>());
  const running = toasts.length > 0;

  useEffect(() => {
    if (!running) return;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      store.tick(now - last, (id) => document.hidden || beingRead.current.has(id));
      last = now;
    }, TOAST_TICK_MS);
    return () => clearInterval(timer);
  }, [running, store]);

  return (
    <div className="toasts" aria-live="polite" style={viewportStyle}>
      {toasts.map((toast) => (
        <ToastView
          key={toast.id}
          toast={toast}
          closeLabel={t('common.close')}
          timeText={t('common.justNow')}
          onClose={() => store.dismiss(toast.id)}
          onReading={(reading) => (reading ? beingRead.current.add(toast.id) : beingRead.current.delete(toast.id))}
        />
      ))}
    </div>
  );
}

export interface ToastViewProps {
  toast: Pick<Toast, 'title' | 'body' | 'action' | 'tone' | 'phase'>;
  closeLabel: string;
  timeText: string;
  onClose: () => void;
  /** Pointer or focus entered (true) or left (false) the toast. */
  onReading: (reading: boolean) => void;
}

/** One toast: title, the time ("just now") and a Close button, then the message and its action. */
export function ToastView({ toast, closeLabel, timeText, onClose, onReading }: ToastViewProps) {
  return (
    <div
      className={`toast toast--${toast.tone}`}
      data-phase={toast.phase}
      role={toast.tone === 'error' ? 'alert' : undefined}
      onPointerEnter={() => onReading(true)}
      onPointerLeave={() => onReading(false)}
      onFocus={() => onReading(true)}
      onBlur={() => onReading(false)}
    >
      <div className="toast__header">
        <strong className="toast__title">{toast.title}</strong>
        <small className="toast__time">{timeText}</small>
        <button type="button" className="toast__close" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {toast.body && <p className="toast__body">{toast.body}</p>}
      {toast.action && <a className="button toast__action" href={toast.action.href}>{toast.action.label}</a>}
    </div>
  );
}
