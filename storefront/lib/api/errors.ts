import { randomUUID } from 'node:crypto';
import type { Context, Env } from 'hono';
import { ApiError, type Wording } from '@easel/shared/api-error';
import { errorBody } from '@easel/shared/api-error-body';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages';
import { getTranslator, type MessageKey, type MessageValues } from '../i18n/translate';

/**
 * A sentence from the message table, for a refusal whose words differ between the two
 * Englishes: { key: 'api.staleLine' } -> 'That item is no longer in your basket.' or '… cart.'.
 * Registered as the ApiError's `Wording`: `new ApiError(409, 'stale_line', { key: 'api.staleLine' })`.
 */
interface MessageWording {
  key: MessageKey;
  values?: MessageValues;
}

declare module '@easel/shared/api-error' {
  interface ApiErrorWordings {
    wording: MessageWording;
  }
}

/** The one ApiError (`@easel/shared/api-error`), which the storefront's routes throw. */
export { ApiError, type Wording };

/** A refusal's sentence in `language`: a plain string is the same in both Englishes. */
export function wordIn(message: string | Wording, language: Language): string {
  return typeof message === 'string' ? message : getTranslator(language)(message.key, message.values);
}

/** An answer given before, answered again exactly as it was: a retried order's refusal. */
export class Replayed extends Error {
  constructor(readonly response: Response) {
    super(`the stored answer ${response.status}`);
  }
}

/**
 * `unavailable`: what the 503 for a failure below says is unavailable, when it is not the
 * catalogue; `language`: how to find the asking shopper's English (speakingShoppersLanguage).
 */
export type ApiEnv = Env & { Variables: { unavailable?: string; language?: () => Promise<Language> } };

/** The asking shopper's English, when the API was told how to find it; British English otherwise. */
export async function languageOf<E extends ApiEnv>(c: Context<E>): Promise<Language> {
  const find: (() => Promise<Language>) | undefined = c.get('language');
  return (await find?.()) ?? DEFAULT_LANGUAGE;
}

export const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Error codes of a dependency that is down or overloaded, not of a bug: SQLite busy, locked or
 * unable to open or write its file; a connection refused, reset, timed out or unresolved (the
 * search service, the indexer, PostgreSQL); PostgreSQL's connection exceptions (class 08),
 * shutdowns (57P01-57P03) and exhausted resources (class 53); undici's socket and timeout errors.
 */
const DEPENDENCY_DOWN = /^(?:SQLITE_(?:BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY)|E(?:CONNREFUSED|CONNRESET|TIMEDOUT|HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN|PIPE)|UND_ERR_\w+|08\w{3}|57P0[1-3]|53\w{3})/;

/** Whether `error`, or an error it was caused by, says a dependency is down rather than that the code is wrong. */
export function isDependencyDown(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && DEPENDENCY_DOWN.test(code)) return true;
  }
  return false;
}

/**
 * The API's one error handler: an ApiError answers its own status and body, a Replayed answer
 * is given again as it was. A dependency that is down (isDependencyDown) answers 503
 * `unavailable`, saying what is; anything else is a bug: 500 `internal` with an error id the
 * shopper can quote, logged with the route and the stack.
 */
export async function answerError(error: Error, c: Context<ApiEnv>): Promise<Response> {
  if (error instanceof ApiError) {
    const headers = error.retryAfterS === undefined ? NO_STORE : { ...NO_STORE, 'Retry-After': String(error.retryAfterS) };
    return c.json(error.body(typeof error.wording === 'string' ? error.wording : wordIn(error.wording, await languageOf(c))), error.status, headers);
  }
  if (error instanceof Replayed) return error.response;
  if (isDependencyDown(error)) {
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    const message = c.get('unavailable') ?? wordIn({ key: 'api.catalogueUnavailable' }, await languageOf(c));
    return c.json(errorBody('unavailable', message), 503, NO_STORE);
  }
  const id = randomUUID();
  console.error(`error ${id}: ${c.req.method} ${c.req.routePath} (${c.req.path})`, error);
  const message = wordIn({ key: 'api.internal', values: { id } }, await languageOf(c));
  return c.json(errorBody('internal', message, undefined, { id }), 500, NO_STORE);
}
