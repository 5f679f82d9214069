import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { describeIssue, type English, type ErrorResponse } from './contract';
import { EngineError, EngineTimeoutError, EngineUnavailableError } from './engine';

type ErrorCode = ErrorResponse['error']['code'];

/** Seconds a client should wait before retrying when the engine is down. */
export const RETRY_AFTER_SECONDS = 5;

/** A failure with the contract's error body; thrown by handlers, rendered by `onError`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
    /** Seconds to wait before asking again, sent as Retry-After. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Seconds a refused search should wait: the engine's queue drains in well under that. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

/** 503 for a search refused because the engine has all it can take just now. */
export function overloaded(): ApiError {
  return new ApiError(503, 'overloaded', 'Search is busy right now; please try again in a moment.', undefined, OVERLOADED_RETRY_AFTER_SECONDS);
}

/** 400 naming the parameter as shoppers know it, in their English: ('price_min', 'must be a whole number') -> "Minimum price (price_min) must be a whole number". */
export function invalidParameter(param: string, problem: string, english: English): ApiError {
  return new ApiError(400, 'invalid_parameter', describeIssue(param, problem, english), param);
}

export function errorBody(code: ErrorCode, message: string, param?: string): ErrorResponse {
  return { error: { code, message, ...(param === undefined ? {} : { param }) } };
}

/**
 * The one place errors become responses: invalid input 400, engine down or busy 503 with Retry-After,
 * engine too slow 504, engine refusing 502, anything else 500. Never a stack trace or an
 * engine message in the body; the unexpected ones are logged.
 */
export function onError(error: Error, c: Context): Response {
  c.header('Cache-Control', 'no-store');
  if (error instanceof ApiError) {
    if (error.retryAfterS !== undefined) c.header('Retry-After', String(error.retryAfterS));
    return c.json(errorBody(error.code, error.message, error.param), error.status);
  }
  if (error instanceof EngineTimeoutError) {
    return c.json(errorBody('engine_timeout', 'The search took too long; please try again.'), 504);
  }
  if (error instanceof EngineUnavailableError) {
    c.header('Retry-After', String(RETRY_AFTER_SECONDS));
    return c.json(errorBody('engine_unavailable', 'Search is unavailable right now; please try again shortly.'), 503);
  }
  if (error instanceof EngineError) {
    console.error(`search-service: ${error.message}`);
    return c.json(errorBody('engine_error', 'The search engine could not answer this search.'), 502);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(errorBody('invalid_parameter', error.message || 'The request is malformed.', 'body'), 400);
  }
  console.error('search-service: unexpected error', error);
  return c.json(errorBody('internal_error', 'Something went wrong on our side.'), 500);
}
