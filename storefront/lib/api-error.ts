import * as z from 'zod/mini';

/** Error codes the storefront's own JSON endpoints answer with. */
export const API_ERROR_CODES = [
  'invalid_parameter', 'read_only', 'invalid_json', 'payload_too_large', 'not_found', 'unavailable', 'internal',
  // The basket and checkout's refusals.
  'sold', 'reserved', 'sold_out', 'stale_line', 'unknown_promo', 'expired_promo', 'used_promo', 'empty_basket', 'not_shipped',
  'payment_declined', 'hold_limit', 'quote_changed', 'conflict',
  'invalid_credentials', 'not_signed_in', 'session_expired', 'forbidden', 'rate_limited',
  // A photo upload whose file is not an image.
  'unsupported_media_type',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The error body every storefront endpoint uses, the same shape as the search contract's:
 * { error: { code, message, param? } }, `param` naming the offending field. In `zod/mini`, as
 * every schema the browser parses with on every page is: the browser's api client reads refusals
 * with it, and the full zod is left to the pages whose forms need it.
 */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string(), param: z.optional(z.string()) }),
});

export function apiError(status: number, code: ApiErrorCode, message: string, param?: string): Response {
  return Response.json(
    { error: { code, message, ...(param === undefined ? {} : { param }) } },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );
}
