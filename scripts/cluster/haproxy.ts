import { execFileSync } from 'node:child_process';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorBody, type ApiErrorCode } from '@easel/shared/api-error-body';
import { answersOk, describeEnd, getFreePort, hasEnded, inNetns, startProcess, terminate } from '@easel/shared/process';

/** One load-balanced service: HAProxy listens on `listen` and spreads requests over `servers`. */
export interface BalancedService {
  /** A name of letters, digits and dashes: the HAProxy frontend and backend, and its row on /stats. */
  name: string;
  listen: { host: string; port: number };
  /** Each replica: a name of its own and its `host:port`. */
  servers: { name: string; address: string }[];
  /** A path that answers 2xx while a replica can serve: `/healthz` on the search service. */
  healthPath: string;
  /**
   * The longest a replica may take to answer. A GET with no answer by then is sent once to
   * another replica; a request with a body is answered 504.
   */
  answerTimeoutMs: number;
  /** A health check with no answer by then fails: long enough for a busy replica, short enough to notice a frozen one. */
  checkTimeoutMs: number;
  /**
   * Requests under `pathPrefix` given `timeoutMs` by each replica tried: one with no answer by then
   * is sent to another replica like any GET, and refused (504 with Retry-After) when none answers.
   */
  budget?: { pathPrefix: string; timeoutMs: number };
}

export interface HaproxyOptions {
  /** Where its configuration is written. */
  dir: string;
  services: BalancedService[];
  /**
   * The staff statistics page, `http://<statsHost>:<statsPort>/stats`: on loopback (127.0.0.1)
   * unless HAProxy runs in a namespace, whose own address on the cluster's private bridge is given.
   */
  statsHost?: string;
  statsPort?: number;
  /** Runs `haproxy` inside this network namespace (`ip netns exec`). */
  netns?: string;
  /** One line whenever a replica leaves or rejoins a service's rotation. */
  log?: (line: string) => void;
}

export interface ServerState {
  service: string;
  server: string;
  /** UP, DOWN, DRAIN, MAINT, or HAProxy's words for the states between ("UP 1/2", "DOWN 1/2", "no check"). */
  status: string;
}

/** A budgeted request as HAProxy timed it, from the first byte of the request to the last of the answer. */
export interface BudgetedAnswer {
  service: string;
  status: number;
  ms: number;
  /** HAProxy's termination state: `--` for a request that ended normally, `sH` for a replica's answer timed out… */
  termination: string;
}

export interface RunningHaproxy {
  /** The staff statistics page (HTML; `;csv` after it for the figures). */
  statsUrl: string;
  pid: number;
  /** Every replica as HAProxy sees it now. */
  servers(): Promise<ServerState[]>;
  /** Every request under a service's `budget.pathPrefix` answered so far, as HAProxy timed it. */
  budgeted: BudgetedAnswer[];
  /**
   * The log lines HAProxy could not write so far (`show info`'s DroppedLogs): it never waits on
   * its output, and drops a line when the pipe to the wrapper is full, as on a busy machine.
   */
  droppedLogs(): Promise<number>;
  /** Stops it. */
  stop(): Promise<void>;
}

/**
 * HAProxy's health checks: every 500 ms (250 ms while a replica is changing state, 1 s while it
 * is out); two failures in a row take a replica out, two passes put it back.
 */
const CHECKS = 'inter 500ms fastinter 250ms downinter 1s fall 2 rise 2';
/** The name of each replica's unchecked twin, used only when every checked one is out. */
const OPEN_SUFFIX = '-open';
/** The first word of a budgeted request's log line. */
const BUDGET_LOG = 'easel-budgeted';
/** How often the wrapper reads HAProxy's figures to log rotation changes. */
const WATCH_MS = 100;

/** Whether Debian's `haproxy` is installed; the sentence to show when it is not. */
export function haproxyMissing(): string | undefined {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'HAProxy is not installed, and the cluster runs behind it: install Debian\'s package (`apt-get install -y haproxy`, as root) and try again.';
  }
}

/**
 * The configuration for `services`: round robin over replicas whose health check passes; a
 * request whose connection to a replica failed (nothing reached it) goes to another, whatever its
 * method; a GET or HEAD whose replica closed the connection without a word, or gave no answer in
 * `answerTimeoutMs`, goes to another once too. When every replica fails its check at once the
 * replicas are used unchecked (fail open), so a check too strict for a busy moment refuses no one. A stopping replica (its health check failing, see
 * @easel/shared/graceful-stop) is drained: no new requests, its requests under way finish. When no
 * replica can take a request the answer is JSON in the products' error shape, 503 with Retry-After.
 * Each request opens its own connection to its replica, so a replica closing its listener never
 * drops a request HAProxy had already sent on an idle connection.
 */
export function haproxyConfig(options: { services: BalancedService[]; stats: { host: string; port: number }; socket?: string }): string {
  const error = (status: number, code: ApiErrorCode, message: string, headers = '') =>
    `  http-error status ${status} content-type application/json string '${JSON.stringify(errorBody(code, message))}' hdr cache-control no-store${headers}`;
  const lines = [
    'global',
    '  maxconn 4096',
    // Budgeted requests are logged (BUDGET_LOG) for the wrapper to read.
    '  log stdout format raw local0 info',
    ...(options.socket ? [`  stats socket ${options.socket} mode 600 level user`] : []),
    // The checks' and rotation changes' words go nowhere: the wrapper reads /stats instead.
    '',
    'defaults',
    '  mode http',
    '  timeout connect 500ms',
    '  timeout client 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  option http-server-close',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 2',
    // A 503 is one replica's own trouble (its engine or database out of reach): a GET or HEAD goes
    // to the other replica, which may well answer.
    "  retry-on conn-failure empty-response response-timeout 503",
    error(503, 'unavailable', 'The service is unavailable; try again in a moment.', ' hdr retry-after 1'),
    error(502, 'bad_gateway', 'The server behind the proxy did not answer properly; try again.'),
    error(504, 'gateway_timeout', 'The server behind the proxy took too long to answer; try again.', ' hdr retry-after 1'),
    '',
  ];
  for (const service of options.services) {
    lines.push(
      `frontend ${service.name}`,
      `  bind ${service.listen.host}:${service.listen.port}`,
      '  http-request set-header X-Forwarded-Proto http',
      '  http-request set-header X-Forwarded-Host %[req.hdr(host)]',
      // A request the replica may have acted on is never sent twice; only one whose connection failed.
      '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
      ...(service.budget ? [
        '  log global',
        `  log-format "${BUDGET_LOG} %f %ST %Ta %tsc"`,
        `  http-request set-log-level silent unless { path_beg ${service.budget.pathPrefix} }`,
      ] : []),
      `  default_backend ${service.name}`,
      '',
      `backend ${service.name}`,
      '  balance roundrobin',
      `  timeout server ${service.answerTimeoutMs}ms`,
      ...(service.budget ? [`  http-request set-timeout server ${service.budget.timeoutMs}ms if { path_beg ${service.budget.pathPrefix} }`] : []),
      `  timeout check ${service.checkTimeoutMs}ms`,
      `  option httpchk GET ${service.healthPath}`,
      '  http-check expect status 200',
      `  default-server check ${CHECKS}`,
      ...service.servers.map((server) => `  server ${server.name} ${server.address}`),
      // Fail open: when every replica fails its check (a busy database can slow every storefront's
      // check at once), requests still go to them, unchecked, rather than all being refused.
      ...service.servers.map((server) => `  server ${server.name}${OPEN_SUFFIX} ${server.address} backup no-check`),
      '',
    );
  }
  const { host, port } = options.stats;
  lines.push('listen stats', `  bind ${host}:${port}`, '  stats enable', '  stats uri /stats', '  stats refresh 2s', '  stats show-legends', '');
  return lines.join('\n');
}

/**
 * Runs HAProxy in front of `services` (haproxyConfig) and resolves once it answers on its
 * statistics page. Throws haproxyMissing's sentence when it is not installed.
 */
export async function startHaproxy(options: HaproxyOptions): Promise<RunningHaproxy> {
  const missing = haproxyMissing();
  if (missing) throw new Error(missing);
  const stats = { host: options.statsHost ?? '127.0.0.1', port: options.statsPort ?? (await getFreePort()) };
  await fsp.mkdir(options.dir, { recursive: true });
  const configFile = path.join(options.dir, 'haproxy.cfg');
  const socket = path.join(options.dir, 'haproxy.sock');
  await fsp.writeFile(configFile, haproxyConfig({ services: options.services, stats, socket }));
  const child = startProcess(...inNetns(options.netns, 'haproxy', ['-db', '-f', configFile]), { stdio: ['ignore', 'pipe', 'inherit'] });
  const budgeted: BudgetedAnswer[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      const [word, service, status, ms, termination] = line.split(' ');
      if (word === BUDGET_LOG) budgeted.push({ service: service!, status: Number(status), ms: Number(ms), termination: termination! });
      else process.stdout.write(`${line}\n`);
    }
  });
  const stop = () => terminate(child);
  const statsUrl = `http://${stats.host}:${stats.port}/stats`;
  const read = async (): Promise<ServerState[]> => {
    const response = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(1_000) });
    return parseStats(await response.text());
  };
  const deadline = Date.now() + 10_000;
  while (!(await answersOk(statsUrl))) {
    if (hasEnded(child)) throw new Error(`HAProxy exited as it started (${describeEnd(await child)}); see its output above (configuration: ${configFile}).`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not answer ${statsUrl} within 10 s (configuration: ${configFile}).`);
    }
    await sleep(100);
  }
  let watching = true;
  if (options.log) {
    const log = options.log;
    void (async () => {
      let last = new Map<string, string>();
      while (watching) {
        const now = new Map((await read().catch(() => [])).map((s) => [`${s.service}/${s.server}`, s.status.split(' ')[0]!]));
        for (const [name, status] of now) {
          const before = last.get(name);
          if (before === undefined || before === status) continue;
          if (status === 'UP') log(`${name} rejoined the rotation.`);
          else if (before === 'UP') log(`${name} left the rotation (${status}).`);
        }
        if (now.size) last = now;
        await sleep(WATCH_MS);
      }
    })();
  }
  return {
    statsUrl,
    pid: child.pid!,
    servers: read,
    budgeted,
    droppedLogs: async () => {
      const info = await new Promise<string>((resolve, reject) => {
        let text = '';
        const connection = net.connect(socket, () => connection.end('show info\n'));
        connection.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
      });
      const dropped = /^DroppedLogs: (\d+)$/m.exec(info);
      if (!dropped) throw new Error(`HAProxy's show info names no DroppedLogs: ${info.slice(0, 200)}`);
      return Number(dropped[1]);
    },
    stop: async () => {
      watching = false;
      await stop();
    },
  };
}

/** HAProxy's statistics CSV: one row per frontend, server and backend; the servers' rows. */
export function parseStats(csv: string): ServerState[] {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return rows
    .map((row) => row.split(','))
    .filter((cells) => cells[at('svname')] !== 'FRONTEND' && cells[at('svname')] !== 'BACKEND' && cells[at('pxname')] !== 'stats' && cells[at('bck')] !== '1')
    .map((cells) => ({ service: cells[at('pxname')]!, server: cells[at('svname')]!, status: cells[at('status')]! }));
}
