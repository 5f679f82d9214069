import type { Context, Env } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorCode } from '../api-error';

/**
 * A refusal in the API's error shape: `throw new ApiError(404, 'not_found', 'There is no
 * artwork x.', 'slug')` answers 404 `{ error: { code, message, param } }`, never cached.
 * `details` adds fields beside code and message (a changed quote's new total).
 */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly param?: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(status, { message });
  }

  get body() {
    return { error: { code: this.code, message: this.message, ...(this.param === undefined ? {} : { param: this.param }), ...this.details } };
  }
}

/** An answer given before, answered again exactly as it was: a retried order's refusal. */
export class Replayed extends Error {
  constructor(readonly response: Response) {
    super(`the stored answer ${response.status}`);
  }
}

/** `unavailable`: what the 503 for a failure below says is unavailable, when it is not the catalogue. */
export type ApiEnv = Env & { Variables: { unavailable?: string } };

const CATALOGUE_UNAVAILABLE = 'The catalogue is unavailable just now; please try again shortly.';
export const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The API's one error handler: an ApiError answers its own status and body, a Replayed answer
 * is given again as it was; anything else is a failure below (the database, most likely),
 * logged, and answers 503 `unavailable`.
 */
export function answerError(error: Error, c: Context<ApiEnv>): Response {
  if (error instanceof ApiError) return c.json(error.body, error.status, NO_STORE);
  if (error instanceof Replayed) return error.response;
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ error: { code: 'unavailable', message: c.get('unavailable') ?? CATALOGUE_UNAVAILABLE } }, 503, NO_STORE);
}
