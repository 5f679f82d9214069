/**
 * SPEC §4: every loadable section moves through these states. `updating` is a save or change
 * of data already loaded; the section keeps showing that data meanwhile.
 */
export type LoadStatus = 'idle' | 'loading' | 'updating' | 'succeeded' | 'failed';

/** A section loads only when it is not loading already and has not loaded. */
export function shouldLoad(status: LoadStatus): boolean {
  return status !== 'loading' && status !== 'succeeded';
}

/** A save is skipped while another is in flight. */
export function shouldUpdate(status: LoadStatus): boolean {
  return status !== 'updating';
}

/** A failure as the message a section stores (SPEC §8). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A store that React reads with useSyncExternalStore. */
export interface Store<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/** State plus change notification: the part every store here shares. */
export function createState<S>(initial: S): Store<S> & { set(next: S): void } {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
