import cluster from 'node:cluster';
import { countWorkersLimits } from '@easel/shared/rate-limit';

/**
 * The storefront as `count` processes on one port (Node.js's cluster: the primary takes the
 * connections and hands them to its workers in turn), so that a machine's processors all render
 * pages: one Node.js process renders on one. Each worker is the whole storefront (server.ts);
 * what they share lives where replicas share it: the database (sessions, baskets, orders, the
 * generations that clear each process's caches) and, for the rate limits, the primary
 * (shared/src/rate-limit.ts counts a worker's requests there). The primary serves nothing itself.
 *
 * A worker that stops unasked is replaced; one that stops before it listens ends the storefront,
 * as the error it met would end a single process. SIGTERM or SIGINT stops every worker as one
 * storefront stops (each drains and finishes what it is serving), then the primary; a second
 * signal ends them at once. A worker whose primary is gone ends at once (Node.js's own rule).
 */

/** What the primary sends a worker to stop it: a message, so that a worker sent the terminal's signal too does not read it as a second one. */
const STOP_MESSAGE = 'easel:stop';

export function superviseWorkers(count: number): void {
  countWorkersLimits();
  let stopping = false;
  // Workers past listen(), so listening for the stop message too (server.ts).
  const listening = new Set<number>();
  cluster.on('listening', (worker) => listening.add(worker.id));
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(0);
      return;
    }
    const how = signal ?? `exit code ${code}`;
    if (!listening.has(worker.id)) {
      // One that could not start (its port taken, its database unreadable) would not start again
      // either: the storefront fails as a single process would (the others end with the primary).
      console.error(`storefront: worker ${worker.process.pid} ended before it served (${how}).`);
      process.exit(1);
    }
    console.error(`storefront: worker ${worker.process.pid} ended (${how}); starting another.`);
    cluster.fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      const workers = Object.values(cluster.workers ?? {});
      if (stopping) {
        for (const worker of workers) worker?.process.kill('SIGKILL');
        process.exit(0);
      }
      stopping = true;
      // One still starting serves nothing and may not yet listen for the message.
      for (const worker of workers) {
        if (worker && listening.has(worker.id)) worker.send(STOP_MESSAGE);
        else worker?.process.kill('SIGTERM');
      }
    });
  }
}

/** In a worker: calls `stop` when the primary says to. */
export function stopWhenTold(stop: () => void): void {
  if (cluster.isWorker) process.on('message', (message) => message === STOP_MESSAGE && stop());
}
