import { startEmbeddedMeili, type EmbeddedMeiliOptions, type RunningMeili } from './server';

/** How long to wait before trying again when the engine will not start. */
const RETRY_MS = 1000;

export interface KeptMeili {
  /** The engine running now (a new process after each restart; the URL and key stay the same). */
  current(): RunningMeili;
  /** Stops the engine for good: no restart after this. */
  stop(): Promise<void>;
}

/**
 * Keeps an embedded engine running: when its process exits without stop() (killed, out of
 * memory, crashed), it is started again on the same data folder and port with the same key, so
 * the search-service, the index sync and the storefront, which hold only its URL and key, find
 * it again with nothing done by hand. A start that fails is tried again every second.
 */
export function keepEmbeddedMeiliRunning(
  first: RunningMeili,
  options: EmbeddedMeiliOptions & { onRestart?: (meili: RunningMeili) => void; onError?: (error: unknown) => void },
): KeptMeili {
  let current = first;
  let stopped = false;
  const watch = (meili: RunningMeili) => {
    void meili.exited?.then(async () => {
      while (!stopped) {
        try {
          const restarted = await startEmbeddedMeili(options);
          if (stopped) return void (await restarted.stop());
          current = restarted;
          options.onRestart?.(restarted);
          watch(restarted);
          return;
        } catch (error) {
          options.onError?.(error);
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    });
  };
  watch(first);
  return {
    current: () => current,
    stop: async () => {
      stopped = true;
      await current.stop();
    },
  };
}
