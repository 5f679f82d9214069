import net from 'node:net';
import { execa, type Result, type ResultPromise } from 'execa';
import getPort from 'get-port';

/**
 * A free port, also kept from every later call in this process for a while, so ports taken
 * together never collide (another process may still grab one before it is listened on).
 */
export function getFreePort(options: { exclude?: Iterable<number> } = {}): Promise<number> {
  return getPort({ host: '127.0.0.1', ...options });
}

/** Resolves when `host:port` can be listened on; rejects with the listen error (EADDRINUSE, …). */
export function probePort(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Whether GET `url` answers 2xx within a second. */
export async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

type Stream = 'pipe' | 'inherit' | 'ignore';
type Stdio = 'inherit' | 'ignore' | readonly [Stream, Stream, Stream];

export interface StartOptions {
  cwd?: string;
  /** The whole environment of the process: nothing else is inherited. This process's otherwise. */
  env?: NodeJS.ProcessEnv;
  /** stdin, stdout and stderr (an output may be an open file descriptor); all inherited otherwise. */
  stdio?: 'inherit' | 'ignore' | readonly [Stream, Stream | number, Stream | number];
}

const settings = (options: StartOptions) =>
  ({
    cwd: options.cwd,
    env: options.env ?? process.env,
    extendEnv: false,
    // execa's types allow only descriptors 3 to 9; it hands any descriptor to spawn() as is.
    stdio: (options.stdio ?? 'inherit') as Stdio,
    // Killed (SIGTERM) when this process exits, also by a signal it does not handle.
    cleanup: true,
    // terminate(): SIGTERM, then SIGKILL after 5 s.
    forceKillAfterDelay: 5_000,
    // Its end is a result to read, never a rejection; its output is streamed, never held.
    reject: false,
    buffer: false,
  }) as const;

/**
 * A process started by startProcess: a ChildProcess that is also the promise of how it ended, so
 * an async function hands it back inside an object (`{ child }`), or its caller waits for the end.
 */
export type LocalProcess = ResultPromise<ReturnType<typeof settings>>;
export type ProcessEnd = Result<ReturnType<typeof settings>>;

/** Starts `command`; awaiting the answer gives how it ended, however that was (it never rejects). */
export function startProcess(command: string, args: readonly string[], options: StartOptions = {}): LocalProcess {
  return execa(command, args, settings(options));
}

/**
 * `command` and `args` to run in the network namespace `netns` (`ip netns exec`, which execs the
 * command: the same process id, so signals reach it), or as they are without one.
 */
export function inNetns(netns: string | undefined, command: string, args: readonly string[]): [string, string[]] {
  return netns ? ['ip', ['netns', 'exec', netns, command, ...args]] : [command, [...args]];
}

/** Starts a Node.js script of this repository with tsx, as `npm run` would. */
export function startTsx(script: string, args: readonly string[], options: StartOptions = {}): LocalProcess {
  return startProcess(process.execPath, ['--import', 'tsx', script, ...args], options);
}

/** Whether the process has ended. */
export function hasEnded(child: LocalProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if it has not ended 5 s later; resolves once it has ended. */
export async function terminate(child: LocalProcess): Promise<void> {
  if (!hasEnded(child)) child.kill();
  await child;
}

/** How a process ended, in a few words: "exit code 1", "killed by SIGKILL", "could not start: spawn x ENOENT". */
export function describeEnd(end: ProcessEnd): string {
  if (end.signal) return `killed by ${end.signal}`;
  if (end.exitCode !== undefined) return `exit code ${end.exitCode}`;
  return `could not start: ${end.originalMessage ?? end.message}`;
}
