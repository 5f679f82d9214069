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

export interface LoadableState<T> {
  status: LoadStatus;
  data: T | undefined;
  /** The last failure's message, kept until the next success. */
  error: string | null;
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

export interface LoadableStore<T> extends Store<LoadableState<T>> {
  /** Loads unless already loading or loaded; a failed section may load again. */
  load(): Promise<void>;
}

/**
 * A section that loads once, on demand: createLoadable(() => fetchOptions()). `initial` starts
 * it elsewhere than idle, e.g. failed with the reason the server could not load it.
 */
export function createLoadable<T>(fetcher: () => Promise<T>, initial: Partial<LoadableState<T>> = {}): LoadableStore<T> {
  const state = createState<LoadableState<T>>({ status: 'idle', data: undefined, error: null, ...initial });
  return {
    getState: state.getState,
    subscribe: state.subscribe,
    async load() {
      const current = state.getState();
      if (!shouldLoad(current.status)) return;
      state.set({ ...current, status: 'loading' });
      try {
        state.set({ status: 'succeeded', data: await fetcher(), error: null });
      } catch (error) {
        state.set({ ...state.getState(), status: 'failed', error: errorMessage(error) });
      }
    },
  };
}
