import { Pool } from 'undici';
import { startEmbeddedMeili, type RunningMeili } from '@easel/indexer';

/**
 * An open-model load: requests go out at a fixed rate whatever happens to the earlier ones, as
 * shoppers' do, and each records its place in the sequence, the moment it was due to leave (so
 * a slow answer cannot hide the queue behind it), when it ended, its status (0: no HTTP
 * answer) and, when it failed, the error code its answer gave; times are epoch milliseconds
 * with fractions. Used by `npm run bench:search` for its
 * fixed-rate phase, and by `npm run bench:engine-restart` and the engine-restart test, which
 * classify the outcomes against the moments the engine was down.
 */
export interface Outcome {
  index: number;
  sentAt: number;
  endedAt: number;
  status: number;
  /** A failure's `error.code` ('engine_unavailable', 'overloaded', …), when its answer had one. */
  code?: string;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string | undefined;
  headers?: Record<string, string>;
}

const now = () => performance.timeOrigin + performance.now();

export async function steadyLoad(options: {
  baseUrl: string;
  /** Sent in turn, from the first again after the last. */
  requests: readonly LoadRequest[];
  rate: number;
  durationMs: number;
  /** Runs alongside the load from its start, e.g. restarting the engine part-way. */
  meanwhile?: () => Promise<void>;
}): Promise<Outcome[]> {
  const { baseUrl, requests: sequence, rate, durationMs } = options;
  // As many connections as are asked for at once: with a fixed number, requests past it would
  // wait in this process for one to free, leaving late, and a service that refuses what it
  // cannot take would never see them to refuse.
  const pool = new Pool(baseUrl, { connections: null });
  const started = now();
  const requests: Promise<Outcome>[] = [];
  const meanwhile = options.meanwhile?.();
  try {
    for (let i = 0; i * (1000 / rate) < durationMs; i++) {
      const due = started + i * (1000 / rate);
      if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
      requests.push(send(pool, i, sequence[i % sequence.length]!, due));
    }
    await meanwhile;
    return await Promise.all(requests);
  } finally {
    await pool.close();
  }
}

async function send(pool: Pool, index: number, request: LoadRequest, sentAt: number): Promise<Outcome> {
  try {
    const res = await pool.request({ ...request, signal: AbortSignal.timeout(10_000) });
    if (res.statusCode < 400) {
      await res.body.dump();
      return { index, sentAt, endedAt: now(), status: res.statusCode };
    }
    const code = ((await res.body.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code;
    return { index, sentAt, endedAt: now(), status: res.statusCode, ...(code ? { code } : {}) };
  } catch {
    return { index, sentAt, endedAt: now(), status: 0 };
  }
}

/**
 * steadyLoad while the engine is killed with SIGKILL `restartAfterMs` into the run and started
 * again on the same data folder and port, as a supervisor would. Answers the outcomes, the
 * window from the kill to the engine answering again, and the engine now running.
 */
export async function loadThroughRestart(options: {
  baseUrl: string;
  requests: readonly LoadRequest[];
  rate: number;
  durationMs: number;
  restartAfterMs: number;
  meili: RunningMeili;
  dataDir: string;
}): Promise<{ outcomes: Outcome[]; window: { downAt: number; upAt: number }; meili: RunningMeili }> {
  let meili = options.meili;
  const port = Number(new URL(meili.url).port);
  const window = { downAt: 0, upAt: 0 };
  const outcomes = await steadyLoad({
    ...options,
    meanwhile: async () => {
      await new Promise((resolve) => setTimeout(resolve, options.restartAfterMs));
      window.downAt = Date.now();
      process.kill(meili.pid!, 'SIGKILL');
      await meili.stop();
      meili = await startEmbeddedMeili({ dataDir: options.dataDir, port });
      window.upAt = Date.now();
    },
  });
  return { outcomes, window, meili };
}

export interface RestartSummary {
  requests: number;
  failed: number;
  /** Failed requests that overlapped the time the engine was down. */
  failedInsideWindow: number;
  /** Failed requests wholly before the engine went down or wholly after it was back. */
  failedOutsideWindow: number;
  /** Of those, the ones that ended before the engine went down: failures with no restart to blame. */
  failedBeforeWindow: number;
  /** Failures by the second they were sent in, counted from the kill (negative: before it). */
  failuresBySecond: Record<string, number>;
  /** The answers the failures got, by status and error code ('503 engine_unavailable'; 0: no HTTP answer). */
  failureStatuses: Record<string, number>;
  /** From the engine answering /health again to the first success among requests sent after it. */
  firstSuccessAfterMs: number | null;
  /** From the engine answering /health again to the end of the last failed request: the outage shoppers felt ends here. */
  lastFailureAfterMs: number | null;
  /** Requests sent after the engine was back, and how many of them succeeded. */
  sentAfter: number;
  succeededAfter: number;
}

/** `window`: from the moment the engine was killed to the moment it answered /health again. */
export function summariseRestart(outcomes: readonly Outcome[], window: { downAt: number; upAt: number }): RestartSummary {
  const ok = (o: Outcome) => o.status >= 200 && o.status < 300;
  const failures = outcomes.filter((o) => !ok(o));
  const overlaps = (o: Outcome) => o.endedAt >= window.downAt && o.sentAt <= window.upAt;
  const after = outcomes.filter((o) => o.sentAt > window.upAt);
  const firstSuccess = after.find(ok);
  return {
    requests: outcomes.length,
    failed: failures.length,
    failedInsideWindow: failures.filter(overlaps).length,
    failedOutsideWindow: failures.filter((f) => !overlaps(f)).length,
    failedBeforeWindow: failures.filter((f) => f.endedAt < window.downAt).length,
    failuresBySecond: countBy(failures, (f) => String(Math.floor((f.sentAt - window.downAt) / 1000))),
    failureStatuses: countBy(failures, (f) => [f.status, f.code].filter(Boolean).join(' ')),
    firstSuccessAfterMs: firstSuccess ? firstSuccess.endedAt - window.upAt : null,
    lastFailureAfterMs: failures.length > 0 ? Math.max(...failures.map((f) => f.endedAt)) - window.upAt : null,
    sentAfter: after.length,
    succeededAfter: after.filter(ok).length,
  };
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
