import * as z from 'zod/mini';

/**
 * Every error code an Easel answer carries, whoever writes it: the storefront's API, the search
 * service and the cluster's proxy (HAProxy's own error pages, `scripts/cluster/haproxy.ts`), so
 * the browser reads a refusal the same way from each of them.
 */
export const API_ERROR_CODES = [
  // A request any endpoint refuses: its input, its address, its method, its rate.
  'invalid_parameter', 'invalid_json', 'payload_too_large', 'unsupported_media_type', 'not_found', 'read_only', 'rate_limited',
  // Something behind the answer failed: a dependency that is down, a bug (with an error id to
  // quote), the search engine, the search service's admission control, a replica behind the proxy.
  'unavailable', 'internal', 'engine_unavailable', 'engine_timeout', 'engine_error', 'overloaded', 'bad_gateway', 'gateway_timeout',
  // The basket and checkout's refusals.
  'sold', 'reserved', 'sold_out', 'stale_line', 'unknown_promo', 'expired_promo', 'used_promo', 'empty_basket', 'not_shipped',
  'payment_declined', 'payment_refunded', 'hold_limit', 'quote_changed', 'conflict',
  // Accounts and roles.
  'invalid_credentials', 'not_signed_in', 'session_expired', 'forbidden',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The error body every answer other than success has: { error: { code, message, param? } },
 * `message` in words a shopper understands, `param` naming the offending field. In `zod/mini`:
 * the browser reads refusals with it on every page.
 */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string(), param: z.optional(z.string()) }),
});

/** An error body; `details` are fields some refusals add beside code and message (a changed quote's new total, an error id). */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; param?: string } & Record<string, unknown>;
}

/** ('not_found', 'There is no artwork x.', 'slug') -> { error: { code: 'not_found', message: 'There is no artwork x.', param: 'slug' } }. */
export function errorBody(code: ApiErrorCode, message: string, param?: string, details: Record<string, unknown> = {}): ApiErrorBody {
  return { error: { code, message, ...(param === undefined ? {} : { param }), ...details } };
}

/** An answer with an error body, never cached: for code that answers outside an app's `onError`. */
export function apiError(status: number, code: ApiErrorCode, message: string, param?: string): Response {
  return Response.json(errorBody(code, message, param), { status, headers: { 'Cache-Control': 'no-store' } });
}
