import type { NextRequest } from 'next/server';
import type { IncomingHttpHeaders } from 'node:http';
import { clientAddress, createRateLimit, normalise, tooManyRequestsMessage, type RateLimit } from '@easel/shared/rate-limit';
import { postgresPool } from '@easel/data/db';
import { apiError } from '@easel/shared/api-error-body';
import { getConfig, type StorefrontConfig } from './config';

/**
 * The storefront's rate limits (docs/SECURITY.md, "Rate limits"), applied by proxy.ts before any
 * route runs. The gallery's own searches (/api/v2/product/s/) are limited by the search-service,
 * which the storefront tells whose search it forwards; the header box's suggestions are searched
 * on this server and counted here.
 */
const LIMITED = [
  { prefix: '/api/v2/search/', method: 'GET', limit: 'RATE_LIMIT_SEARCH_PER_MINUTE' },
  { prefix: '/api/account/join/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  // A guest checkout makes an account, claiming one sets its password, and confirming an email sets one.
  { prefix: '/api/account/guest/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  { prefix: '/api/account/claim/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  { prefix: '/api/account/confirm/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  // Asking for a password link mails one; following it hashes a new password.
  { prefix: '/api/account/password/forgot/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  { prefix: '/api/account/password/reset/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  // Each subscription is an address written down and mailed.
  { prefix: '/api/marketing/subscribe/newsletter/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  { prefix: '/api/marketing/newsletter/confirm/', method: 'POST', limit: 'RATE_LIMIT_JOIN_PER_MINUTE' },
  // Both the quote and the order.
  { prefix: '/api/checkout/', method: 'POST', limit: 'RATE_LIMIT_CHECKOUT_PER_MINUTE' },
  // An artist's listings: drafts, photos (each upload is processed), publishing, withdrawing.
  { prefix: '/api/artist/works/', method: 'POST', limit: 'RATE_LIMIT_LISTING_PER_MINUTE' },
  { prefix: '/api/artist/works/', method: 'PUT', limit: 'RATE_LIMIT_LISTING_PER_MINUTE' },
  { prefix: '/api/artist/works/', method: 'DELETE', limit: 'RATE_LIMIT_LISTING_PER_MINUTE' },
  // Checked by the picture route itself (lib/media.ts): proxy.ts leaves pictures alone.
  { prefix: '/media/art/', method: 'GET', limit: 'RATE_LIMIT_MEDIA_PER_MINUTE' },
  { prefix: '/media/photos/', method: 'GET', limit: 'RATE_LIMIT_MEDIA_PER_MINUTE' },
] as const;

type Limits = Pick<StorefrontConfig, (typeof LIMITED)[number]['limit'] | 'RATE_LIMIT_LOGIN_PER_MINUTE' | 'DATABASE_URL'>;

/** Failed log-ins to one account from one address, in 15 minutes, before it must wait. */
export const ACCOUNT_LOGIN_FAILURES = 10;
const ACCOUNT_LOGIN_WINDOW_S = 15 * 60;

/**
 * The log-in's limits, which count failed log-ins only, so a shopper who gets their password
 * right is never held back by the traffic of others on the same address (docs/SECURITY.md,
 * "Rate limits"): RATE_LIMIT_LOGIN_PER_MINUTE failures a minute per address, and
 * ACCOUNT_LOGIN_FAILURES in 15 minutes per account from one address. The per-account count is
 * kept per address so that no one can lock an owner out of their account by failing on purpose:
 * a guesser waits, the owner elsewhere does not. 0 turns both off.
 */
export interface LoginLimits {
  /** How long a log-in to `email` from `address` must wait, and the words to say so; null when it may be tried. */
  check(email: string, address: string): Promise<{ retryAfterS: number; message: string } | null>;
  /** Counts a failed log-in. */
  failed(email: string, address: string): Promise<void>;
}

/**
 * The client's address as this server was handed it. server.ts, which `npm start` runs, sets
 * X-Forwarded-For to exactly one address: the socket's, or with TRUSTED_PROXIES the first hop
 * those proxies vouch for. (Under a bare `next start` a client's own header would be kept:
 * Next.js only fills it in when it is missing.)
 */
export function requestAddress(request: { headers: Headers }): string {
  return request.headers.get('x-forwarded-for')?.trim() || 'unknown';
}

/**
 * server.ts's work on each request before Next.js sees it: X-Forwarded-For becomes the one
 * address the limits count (the socket's, or the first hop the trusted proxies vouch for), and
 * the other X-Forwarded-* headers are dropped unless a trusted proxy sent them.
 */
export function settleForwardedHeaders(headers: IncomingHttpHeaders, peer: string | undefined, trusted: readonly string[]): void {
  const forwardedFor = headers['x-forwarded-for'];
  headers['x-forwarded-for'] = clientAddress(peer, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor, trusted);
  if (!trusted.includes(normalise(peer ?? ''))) {
    for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port']) delete headers[name];
  }
}

/**
 * `check(request, path)` counts a limited request and answers 429 when its address is over; null lets
 * it through. On PostgreSQL the counts live in the database every replica shares; with storefront
 * workers, in their primary.
 */
export function createRequestLimits(config: Limits) {
  const pool = config.DATABASE_URL ? postgresPool(config.DATABASE_URL, 4) : undefined;
  const names = [...new Set(LIMITED.map(({ limit }) => limit))];
  const limits = new Map<string, RateLimit>(names.map((limit) => [limit, createRateLimit(config[limit], { pool, name: limit })]));
  const loginOn = config.RATE_LIMIT_LOGIN_PER_MINUTE > 0;
  const failures = {
    address: createRateLimit(config.RATE_LIMIT_LOGIN_PER_MINUTE, { pool, name: 'LOGIN_FAILURES_PER_ADDRESS' }),
    account: createRateLimit(loginOn ? ACCOUNT_LOGIN_FAILURES : 0, { pool, name: 'LOGIN_FAILURES_PER_ACCOUNT' }, ACCOUNT_LOGIN_WINDOW_S),
  };
  const accountKey = (email: string, address: string) => `${email} ${address}`;
  const login: LoginLimits = {
    async check(email, address) {
      const [byAddress, byAccount] = await Promise.all([failures.address.peek(address), failures.account.peek(accountKey(email, address))]);
      if (!byAccount.allowed) {
        const { retryAfterS } = byAccount;
        return { retryAfterS, message: `Too many failed log-ins to this account from here; please try again in ${Math.ceil(retryAfterS / 60)} min.` };
      }
      return byAddress.allowed ? null : { retryAfterS: byAddress.retryAfterS, message: tooManyRequestsMessage(byAddress.retryAfterS) };
    },
    async failed(email, address) {
      await Promise.all([failures.address.take(address), failures.account.take(accountKey(email, address))]);
    },
  };
  return {
    login,
    /** `path` is the request's path as the router reads it (routePath in lib/request-target.ts), never the raw one. */
    async check(request: Pick<NextRequest, 'method' | 'headers'>, path: string): Promise<Response | null> {
      // A HEAD is a GET without its body: the server does the same work, so it counts the same.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const rule = LIMITED.find((r) => r.method === method && path.startsWith(r.prefix));
      if (!rule) return null;
      const verdict = await limits.get(rule.limit)!.take(requestAddress(request));
      return verdict.allowed ? null : tooMany(verdict.retryAfterS, tooManyRequestsMessage(verdict.retryAfterS));
    },
  };
}

function tooMany(retryAfterS: number, message: string): Response {
  const response = apiError(429, 'rate_limited', message);
  response.headers.set('Retry-After', String(retryAfterS));
  return response;
}

let limits: ReturnType<typeof createRequestLimits> | undefined;

/** The process's limits, made from its configuration on first use. */
export function requestLimits(): ReturnType<typeof createRequestLimits> {
  return (limits ??= createRequestLimits(getConfig()));
}
