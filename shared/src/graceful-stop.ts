import { z } from 'zod';

/**
 * SHUTDOWN_DRAIN_MS: how long a replica told to stop keeps serving while its health check
 * answers 503, so the load balancer in front takes it out of the rotation before it stops
 * listening (the cluster sets it a little above HAProxy's time to notice). 0 behind no balancer.
 */
export const drainMsSchema = z.coerce.number().int().min(0).max(60_000).default(0);

/** The most an answer under way may take once the listener has closed; the process ends after it anyway. */
const FINISH_MS = 30_000;
/** How often connections left idle by an answer just sent are closed while the last ones finish. */
const IDLE_SWEEP_MS = 100;

export interface ClosableServer {
  close(callback?: (error?: Error) => void): unknown;
  closeIdleConnections(): void;
}

/**
 * Stops a replica without failing a request, on SIGTERM or SIGINT, or when `stop()` is called
 * (a storefront worker told by its primary): for `drainMs` it keeps answering while `draining()`
 * is true (its health check answers 503 then), then it stops accepting connections, finishes
 * every request under way, closing each connection as its answer is sent, runs `cleanup` and
 * exits 0. A second signal exits at once; a second `stop()` changes nothing.
 */
export function stopGracefullyOnSignal(server: ClosableServer, options: { drainMs: number; cleanup?: () => Promise<void> }): { draining: () => boolean; stop: () => void } {
  let draining = false;
  let stopped: Promise<void> | undefined;
  const finish = async () => {
    draining = true;
    await new Promise((resolve) => setTimeout(resolve, options.drainMs));
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    await Promise.race([
      new Promise((resolve) => server.close(resolve)),
      new Promise((resolve) => setTimeout(resolve, FINISH_MS).unref()),
    ]);
    clearInterval(sweep);
    await options.cleanup?.();
  };
  const stop = () => {
    stopped ??= finish().finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const again of ['SIGINT', 'SIGTERM'] as const) process.once(again, () => process.exit(0));
      stop();
    });
  }
  return { draining: () => draining, stop };
}
