import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { errorBody } from '@easel/shared/api-error-body';
import { ApiError } from '@easel/shared/api-error';
import { describeIssue, type English } from './contract';
import { EngineError, EngineTimeoutError, EngineUnavailableError } from './engine';

/** Seconds a client should wait before retrying when the engine is down. */
export const RETRY_AFTER_SECONDS = 5;

/** Seconds a refused search should wait: the engine's queue drains in well under that. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

/** 503 for a search refused because the engine has all it can take just now. */
export function overloaded(): ApiError {
  return new ApiError(503, 'overloaded', 'Search is busy right now; please try again in a moment.', undefined, {}, OVERLOADED_RETRY_AFTER_SECONDS);
}

/** 400 naming the parameter as shoppers know it, in their English: ('price_min', 'must be a whole number') -> "Minimum price (price_min) must be a whole number". */
export function invalidParameter(param: string, problem: string, english: English): ApiError {
  return new ApiError(400, 'invalid_parameter', describeIssue(param, problem, english), param);
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
    return c.json(error.body(), error.status);
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
  return c.json(errorBody('internal', 'Something went wrong on our side.'), 500);
}
