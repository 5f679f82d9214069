import { apiErrorBodySchema } from './api-error';

/** SPEC §9: a call that takes longer than this fails. */
export const REQUEST_TIMEOUT_MS = 8000;

/**
 * The browser's JSON calls to the storefront's own endpoints: the parsed body of a 2xx answer;
 * otherwise an Error carrying the server's own message (SPEC §8), or naming the status when the
 * body has none. Network failures and the time-out reject as fetch does.
 */
export async function fetchJson(url: string, { method = 'GET', body }: { method?: string; body?: unknown } = {}): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = apiErrorBodySchema.safeParse(json);
    throw new Error(problem.success ? problem.data.error.message : `The server answered ${response.status}.`);
  }
  return json;
}
