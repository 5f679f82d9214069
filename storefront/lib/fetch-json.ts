import { apiErrorBodySchema } from './api-error';

/** SPEC §9: a call that takes longer than this fails. */
export const REQUEST_TIMEOUT_MS = 8000;

/** The server answered, but not with success: `message` is its own (SPEC §8), `code` its error code, `param` the field at fault. */
export class ApiResponseError extends Error {
  override name = 'ApiResponseError';
  constructor(message: string, readonly status: number, readonly code: string | undefined, readonly param?: string) {
    super(message);
  }
}

/**
 * The browser's JSON calls to the storefront's own endpoints: the parsed body of a 2xx answer;
 * otherwise an ApiResponseError carrying the server's own message (SPEC §8), or naming the status
 * when the body has none. Network failures and the time-out reject as fetch does.
 */
export async function fetchJson(
  url: string,
  { method = 'GET', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = apiErrorBodySchema.safeParse(json);
    throw problem.success
      ? new ApiResponseError(problem.data.error.message, response.status, problem.data.error.code, problem.data.error.param)
      : new ApiResponseError(`The server answered ${response.status}.`, response.status, undefined);
  }
  return json;
}
