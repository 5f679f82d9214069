import cluster from 'node:cluster';
import { isIP } from 'node:net';
import { RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { z } from 'zod';

/**
 * Rate limits for both servers (the search-service and the storefront), per client address;
 * where the counts live, see createRateLimit. The address is the connection's own unless the
 * connection comes from a proxy we were told to trust (TRUSTED_PROXIES): only then does
 * X-Forwarded-For count, read from the right, because everything left of the last untrusted hop
 * was written by the client and may be made up.
 */

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1. */
export function normalise(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/** A trusted-proxy list: comma-separated exact addresses; empty trusts no one. */
export const trustedProxiesSchema = (fallback: string) => z
  .string()
  .default(fallback)
  .transform((value, ctx) => {
    const addresses = value.split(',').map((a) => a.trim()).filter(Boolean);
    for (const address of addresses) {
      if (isIP(address) === 0) ctx.addIssue({ code: 'custom', message: `"${address}" is not an IP address` });
    }
    return addresses.map(normalise);
  });

/**
 * The address a request is counted against. `peer` is the socket's remote address; `forwardedFor`
 * the X-Forwarded-For header as received. Without a trusted peer the header is ignored, so a
 * client cannot choose its own key.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | null | undefined, trusted: readonly string[]): string {
  let address = normalise(peer ?? 'unknown');
  if (!trusted.includes(address) || !forwardedFor) return address;
  const hops = forwardedFor.split(',').map(normalise).filter(Boolean);
  // Walk back from the proxy's own entry; the first hop we do not trust is the client.
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    address = hops[i]!;
    if (!trusted.includes(address)) break;
  }
  return address;
}

/** A limit's setting: requests per minute per address; 0 turns the limit off. */
export const perMinuteSchema = (fallback: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1_000_000).default(fallback));

/** In the primary of a cluster's workers: keeps the counts of every worker's limits (see createRateLimit). */
export function countWorkersLimits(): void {
  new RateLimiterClusterMaster();
}

const WORKER_LIMITERS = Symbol.for('easel.rate-limit.worker-limiters');

/**
 * A worker's limit `name`, counted by its primary: one a process, however many copies of the
 * module that asks (Next.js loads one for pages and one for routes), as each listens to the
 * primary's messages.
 */
function workerLimiter(name: string, options: { points: number; duration: number }): RateLimiterAbstract {
  const holder = globalThis as { [WORKER_LIMITERS]?: Map<string, RateLimiterAbstract> };
  const limiters = (holder[WORKER_LIMITERS] ??= new Map());
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = new RateLimiterCluster({ ...options, keyPrefix: name });
    limiters.set(name, limiter);
  }
  return limiter;
}

/** How many times a limit tries to make its table before it counts in memory alone. */
const TABLE_ATTEMPTS = 2;

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterS: number };

/**
 * One named limit: `take(key)` counts a request and says whether it may go ahead; `peek(key)`
 * says whether one more would, counting nothing (for limits that count only failures).
 */
export interface RateLimit {
  take(key: string): Promise<LimitVerdict>;
  peek(key: string): Promise<LimitVerdict>;
}

/**
 * `points` requests per key (an address) in any fixed window of `durationS` seconds (a minute
 * unless told), all of which may come at once (a burst).
 * rate-limiter-flexible keeps one counter per address and forgets it when its minute ends: in
 * this process's memory; in a storefront worker's primary (storefront/lib/workers.ts), so a
 * client counts the same whichever worker it reaches (`shared`, named, without a pool); or, for
 * replicas that share a PostgreSQL database (`shared` with a `pg` pool), in its table
 * `rate_limits` there, so a client counts the same whichever replica it reaches. While that
 * database cannot be reached (or if the table could not be made when the process started) the
 * counting goes on in memory (the library's insurance limiter), so an outage neither lets
 * everyone through unlimited nor refuses everyone.
 */
export function createRateLimit(points: number, shared?: { pool?: unknown; name: string }, durationS = 60): RateLimit {
  if (points === 0) return { take: async () => ({ allowed: true }), peek: async () => ({ allowed: true }) };
  const options = { points, duration: durationS };
  const memory = new RateLimiterMemory(options);
  let limiter: RateLimiterAbstract = shared && !shared.pool && cluster.isWorker ? workerLimiter(shared.name, options) : memory;
  // The first requests wait for the table rather than be counted apart from the other replicas'.
  const ready = shared?.pool !== undefined && (async () => {
    // Replicas (and each limit within one) make the table at the same moment, and PostgreSQL can
    // refuse the later of two concurrent CREATE TABLE IF NOT EXISTS ('type "rate_limits" already
    // exists'): a second attempt finds the table made.
    for (let attempt = 1; attempt <= TABLE_ATTEMPTS; attempt += 1) {
      let postgres: RateLimiterPostgres | undefined;
      const failed = await new Promise<unknown>((resolve) => {
        postgres = new RateLimiterPostgres({
          ...options, storeClient: shared.pool, storeType: 'pool', tableName: 'rate_limits', keyPrefix: shared.name,
          clearExpiredByTimeout: true, insuranceLimiter: memory,
        }, resolve);
      });
      if (!failed) {
        limiter = postgres!;
        return;
      }
    }
  })();
  const wait = (res: RateLimiterRes): LimitVerdict => ({ allowed: false, retryAfterS: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) });
  return {
    async take(key) {
      await ready;
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return wait(refusal);
      }
    },
    async peek(key) {
      await ready;
      const res = await limiter.get(key).catch(() => memory.get(key));
      return res !== null && res.consumedPoints >= points ? wait(res) : { allowed: true };
    },
  };
}

/** The sentence a 429 carries, the same from both servers. */
export function tooManyRequestsMessage(retryAfterS: number): string {
  return `Too many requests from this address; please try again in ${retryAfterS} s.`;
}
