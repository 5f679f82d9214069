import { DetailedError, hc, parseResponse, type ClientResponse } from 'hono/client';
import type { Api } from './app';

/** SPEC §9: a call that takes longer than this fails. */
export const REQUEST_TIMEOUT_MS = 8000;

/** The server answered, but not with success: `message` is its own (SPEC §8), `code` its error code, `param` the field at fault. */
export class ApiResponseError extends Error {
  override name = 'ApiResponseError';
  constructor(message: string, readonly status: number, readonly code: string | undefined, readonly param?: string) {
    super(message);
  }
}

/** Every address the storefront answers ends in a slash (next.config.ts); hc leaves it off `…/index`. */
const withSlash = (url: string) => url.replace(/^([^?]*[^/?])(?=\?|$)/, '$1/');

/**
 * The browser's typed client for the storefront's own API, its answers typed from the routes:
 * `await answer(api.api.account.login.index.$post({ json: { email, password } }))` -> `{ user, user_type }`.
 * Each call gives up after REQUEST_TIMEOUT_MS, or sooner when the caller's signal aborts.
 */
export const api = hc<Api>('/', {
  headers: { Accept: 'application/json' },
  fetch: (input: RequestInfo | URL, init?: RequestInit) =>
    fetch(typeof input === 'string' ? withSlash(input) : input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }),
});

/**
 * A refusal's body checked against the error body's schema, which loads with the first refusal
 * (a page makes none before a call fails); a failure to load it counts as a body without one.
 */
async function readErrorBody(body: unknown) {
  const schema = await import('@easel/shared/api-error-body').catch(() => undefined);
  return schema?.apiErrorBodySchema.safeParse(body) ?? { success: false as const };
}

/**
 * A call's successful answer, parsed; otherwise an ApiResponseError carrying the server's own
 * message (SPEC §8), or naming the status when the body has none. Network failures and the
 * time-out reject as fetch does.
 */
export async function answer<R extends ClientResponse<unknown>>(call: Promise<R>) {
  try {
    return await parseResponse(call);
  } catch (error) {
    if (!(error instanceof DetailedError)) throw error;
    const status = Number(error.statusCode);
    const problem = await readErrorBody(error.detail?.data);
    throw problem.success
      ? new ApiResponseError(problem.data.error.message, status, problem.data.error.code, problem.data.error.param)
      : new ApiResponseError(`The server answered ${status}.`, status, undefined);
  }
}
