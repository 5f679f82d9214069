import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Agent, type Dispatcher } from 'undici';
import { getFreePort } from '@easel/shared/process';

/** Requests whose path starts with `prefix` go to one of `upstreams`; the longest matching prefix wins. */
export interface ProxyRoute {
  prefix: string;
  /** The replicas' origins, e.g. `http://127.0.0.1:4001`, taken in turn in this order. */
  upstreams: string[];
  /** A path that answers 2xx while a replica can serve: `/healthz` on the search service. */
  healthPath: string;
}

export interface ProxyOptions {
  /** Loopback unless deliberately opened up. */
  host?: string;
  /** A free port (getFreePort) unless given. */
  port?: number;
  routes: ProxyRoute[];
  /** The pause between one health check of a replica and its next. */
  healthIntervalMs?: number;
  /** A check with no answer by then fails. */
  healthTimeoutMs?: number;
  /** One line whenever a replica leaves or rejoins the rotation. */
  log?: (line: string) => void;
}

export interface UpstreamStatus {
  prefix: string;
  url: string;
  healthy: boolean;
}

export interface RunningProxy {
  url: string;
  /** Every replica and whether it is in the rotation now. */
  upstreams(): UpstreamStatus[];
  /** Stops checking and listening; resolves once the answers under way have been sent. */
  close(): Promise<void>;
}

interface Upstream extends UpstreamStatus {
  origin: string;
  healthPath: string;
}

interface Pool {
  prefix: string;
  upstreams: Upstream[];
  next: number;
}

/** The request never reached the replica: nothing is listening there, so it leaves the rotation. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH']);
/** The connection dropped before any of the answer came: the replica may have acted on the request. */
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
const IDEMPOTENT = new Set(['GET', 'HEAD']);
/**
 * Headers about one connection rather than the request (RFC 9110 §7.6.1), besides those the
 * Connection header names. undici refuses most of them; Expect is answered by our own server.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect'];

/**
 * A reverse proxy for a local cluster: each request goes to the next healthy replica of its
 * route, in turn. Each replica's health path is polled, and a replica that fails its check or
 * refuses a connection is out of the rotation until a check passes again. A request without a
 * body that could not reach its replica, or (GET and HEAD) whose connection dropped before any
 * answer, is sent once more to another replica, so a replica going away is not seen by shoppers
 * beyond the answers it was already sending. A body streams through once and is never held, so
 * a request with one is answered 502 instead.
 *
 * Bodies and headers pass through as Node streams and header lists (undici on the way out), so
 * the Host header is the shopper's, as Next.js expects, and each Set-Cookie stays a line of its own.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { host = '127.0.0.1', routes, healthIntervalMs = 250, healthTimeoutMs = 1_000, log = () => {} } = options;
  const port = options.port ?? (await getFreePort());
  const agent = new Agent();
  let stopped = false;
  const pools: Pool[] = routes
    .map(({ prefix, upstreams, healthPath }) => ({
      prefix,
      next: 0,
      upstreams: upstreams.map((url) => ({ prefix, url, origin: new URL(url).origin, healthPath, healthy: false })),
    }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const all = pools.flatMap((pool) => pool.upstreams);

  const setHealthy = (upstream: Upstream, healthy: boolean, why: string) => {
    if (upstream.healthy === healthy) return;
    upstream.healthy = healthy;
    log(healthy ? `${upstream.url} rejoined the rotation for ${upstream.prefix}.` : `${upstream.url} left the rotation for ${upstream.prefix}: ${why}.`);
  };

  /** Why the replica cannot serve now; undefined when its health check passes. */
  const checkProblem = async (upstream: Upstream): Promise<string | undefined> => {
    try {
      const signal = AbortSignal.timeout(healthTimeoutMs);
      const { statusCode, body } = await agent.request({ origin: upstream.origin, path: upstream.healthPath, method: 'GET', signal });
      // Read to the end so the connection is kept for the next check.
      await body.dump();
      return statusCode < 300 ? undefined : `its health check answered ${statusCode}`;
    } catch (error) {
      return `its health check failed (${describe(error)})`;
    }
  };

  const timers = new Map<Upstream, NodeJS.Timeout>();
  // The next check is timed from the end of the last, so a slow replica never has two under way.
  const watch = (upstream: Upstream) => {
    const timer = setTimeout(async () => {
      const problem = await checkProblem(upstream);
      if (stopped) return;
      setHealthy(upstream, problem === undefined, problem ?? '');
      watch(upstream);
    }, healthIntervalMs);
    timers.set(upstream, timer);
  };

  /** The pool's next healthy replica not yet tried, in turn. */
  const pick = (pool: Pool, tried: Upstream[]): Upstream | undefined => {
    for (let i = 0; i < pool.upstreams.length; i++) {
      const upstream = pool.upstreams[pool.next]!;
      pool.next = (pool.next + 1) % pool.upstreams.length;
      if (upstream.healthy && !tried.includes(upstream)) return upstream;
    }
    return undefined;
  };

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    const pool = pools.find((candidate) => path.startsWith(candidate.prefix));
    if (!pool) return fail(res, 404, 'not_found', `No route serves ${path}.`);
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const headers = requestHeaders(req);
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const tried: Upstream[] = [];
    let problem: string | undefined;
    let answer: Dispatcher.ResponseData | undefined;
    while (!answer) {
      const upstream = pick(pool, tried);
      if (!upstream) {
        return problem
          ? fail(res, 502, 'bad_gateway', `No replica for ${pool.prefix} answered: ${problem}.`)
          : fail(res, 503, 'unavailable', `No replica for ${pool.prefix} is up; try again in a moment.`);
      }
      tried.push(upstream);
      try {
        const method = req.method as Dispatcher.HttpMethod;
        answer = await agent.request({ origin: upstream.origin, path, method, headers, body: hasBody ? req : null, signal: gone.signal });
      } catch (error) {
        const code = codeOf(error) ?? '';
        problem = describe(error);
        if (NEVER_CONNECTED.has(code)) setHealthy(upstream, false, problem);
        const again = !hasBody && tried.length === 1 && (NEVER_CONNECTED.has(code) || (DROPPED.has(code) && IDEMPOTENT.has(req.method ?? '')));
        if (!again) return fail(res, 502, 'bad_gateway', `The replica for ${pool.prefix} did not answer: ${problem}.`);
      }
    }
    res.writeHead(answer.statusCode, withoutHopByHop(answer.headers));
    // A replica that stops mid-answer, or a shopper who leaves, ends both sides: pipeline destroys them.
    await pipeline(answer.body, res).catch(() => {});
  };

  const server = http.createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  // The first checks decide which replicas start in the rotation.
  await Promise.all(all.map(async (upstream) => {
    upstream.healthy = (await checkProblem(upstream)) === undefined;
  }));
  all.forEach(watch);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, resolve);
  });
  return {
    url: `http://${host}:${port}`,
    upstreams: () => all.map(({ prefix, url, healthy }) => ({ prefix, url, healthy })),
    close: async () => {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
      await new Promise((resolve) => server.close(resolve));
      // Every answer has been sent; what is left are health checks, cut short.
      await agent.destroy();
    },
  };
}

/** The shopper's headers for the replica: Host kept, the X-Forwarded-* headers saying where it came from. */
function requestHeaders(req: IncomingMessage): IncomingHttpHeaders {
  const headers = withoutHopByHop(req.headers);
  // Appended, not replaced: the replicas walk the list back from here through the proxies they trust.
  headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  headers['x-forwarded-host'] = req.headers.host;
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  const kept = { ...headers };
  for (const name of [...HOP_BY_HOP, ...named]) delete kept[name];
  return kept;
}

/** An error answer in the shape the search service and the storefront's API use; never a stack trace. */
function fail(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent || res.destroyed) return void res.destroy();
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...(status === 503 ? { 'retry-after': '1' } : {}),
  });
  res.end(JSON.stringify({ error: { code, message } }));
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function describe(error: unknown): string {
  const code = codeOf(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code && DROPPED.has(code)) return 'connection closed before an answer';
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  return code ?? (error instanceof Error ? error.message : String(error));
}
