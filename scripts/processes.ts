import { answersOk, describeEnd, hasEnded, inNetns, probePort, startProcess, terminate, type LocalProcess } from '@easel/shared/process';

/** Throws one sentence naming the port and its variable when something already listens there. */
export async function assertPortFree(host: string, port: number, variable: string): Promise<void> {
  try {
    await probePort(host, port);
  } catch {
    throw new Error(`Port ${port} on ${host} is already in use; stop what is listening there or set ${variable} to a free port.`);
  }
}

export interface Service {
  name: string;
  child: LocalProcess;
}

/** Starts a long-running child whose output is prefixed with its name; in the network namespace `netns` when given. */
export function startService(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, netns?: string): Service {
  const child = startProcess(...inNetns(netns, command, args), { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk: Buffer) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  return { name, child };
}

/** Resolves when a step's process exits cleanly; rejects naming the step otherwise. */
export async function completion(service: Service): Promise<void> {
  const end = await service.child;
  if (end.exitCode === 0) return;
  throw new Error(end.exitCode === undefined && !end.signal ? `${service.name} ${describeEnd(end)}.` : `${service.name} failed (${describeEnd(end)}); see its output above.`);
}

/** Polls a URL until it answers 2xx, or fails when the service exits or the time runs out. */
export async function waitForHttp(service: Service, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasEnded(service.child)) throw new Error(`The ${service.name} exited during start-up (${describeEnd(await service.child)}); see its output above.`);
    if (await answersOk(url)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The ${service.name} did not answer ${url} within ${timeoutMs / 1000} s; see its output above.`);
}

/** How a kept service is started again after it stops on its own. */
export interface RestartPolicy {
  /** The wait before the first restart; it doubles with each failure in a row, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A run at least this long counts as a good start: the next failure starts the waits afresh. */
  steadyAfterMs: number;
  /** This many short runs in a row within `windowMs` mean the service cannot start: give up. */
  maxFailures: number;
  windowMs: number;
}

export const RESTART_POLICY: RestartPolicy = { firstDelayMs: 250, maxDelayMs: 5_000, steadyAfterMs: 30_000, maxFailures: 5, windowMs: 60_000 };

/** The short runs in a row so far, and when the latest (at most `maxFailures`) of them ended. */
export interface RestartState {
  streak: number;
  endedAt: number[];
}

export const NO_FAILURES: RestartState = { streak: 0, endedAt: [] };

/**
 * What to do when a run that lasted `ranMs` ends at `now`: start again after `delayMs`, or give
 * up (`delayMs` undefined) when it is the `maxFailures`th short run in a row within `windowMs`.
 * With the default policy, a service that dies at once waits 0.25, 0.5, 1 and 2 s, then gives
 * up; one that ran 30 s or more waits 0.25 s again.
 */
export function nextRestart(state: RestartState, ranMs: number, now: number, policy: RestartPolicy = RESTART_POLICY): { state: RestartState; delayMs: number | undefined } {
  const before = ranMs >= policy.steadyAfterMs ? NO_FAILURES : state;
  const next = { streak: before.streak + 1, endedAt: [...before.endedAt, now].slice(-policy.maxFailures) };
  const recent = next.endedAt.filter((t) => now - t <= policy.windowMs).length;
  if (recent >= policy.maxFailures) return { state: next, delayMs: undefined };
  return { state: next, delayMs: Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (next.streak - 1)) };
}

/** A service kept running: `child` is the process running now. */
export interface KeptService {
  readonly name: string;
  readonly child: LocalProcess;
  /** Stops it for good: no restart after this. */
  stop(): Promise<void>;
}

/**
 * Keeps a long-running service up from now on: whenever its process stops without stop() having
 * been called (killed, crashed, out of memory) it is started again with `start`, after the wait
 * `nextRestart` gives, with one line to `log`. A service that keeps dying at start-up is given
 * up on: `onGiveUp` gets one sentence saying so.
 */
export function keepRunning(
  first: Service,
  start: () => Service,
  hooks: { log: (line: string) => void; onGiveUp: (message: string) => void; policy?: RestartPolicy },
): KeptService {
  const { name } = first;
  let current = first;
  let startedAt = performance.now();
  let state = NO_FAILURES;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const onEnd = (how: string) => {
    if (stopped) return;
    const now = performance.now();
    const next = nextRestart(state, now - startedAt, now, hooks.policy);
    state = next.state;
    if (next.delayMs === undefined) {
      const { maxFailures, windowMs } = hooks.policy ?? RESTART_POLICY;
      hooks.onGiveUp(`The ${name} stopped ${maxFailures} times within ${windowMs / 1000} s, each soon after starting (last: ${how}), so it is not started again; stopping everything. See its output above.`);
      return;
    }
    hooks.log(`The ${name} stopped unexpectedly (${how}); starting it again in ${next.delayMs / 1000} s.`);
    timer = setTimeout(() => {
      timer = undefined;
      if (stopped) return;
      startedAt = performance.now();
      watch((current = start()));
    }, next.delayMs);
  };
  const watch = ({ child }: Service) => void child.then((end) => onEnd(describeEnd(end)));
  watch(first);
  return {
    name,
    get child() {
      return current.child;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await terminate(current.child);
    },
  };
}
