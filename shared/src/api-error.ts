import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorBody, type ApiErrorBody, type ApiErrorCode } from './api-error-body';

/**
 * Where a part registers the words it writes refusals with besides plain strings, written once
 * the asker's English is known: the storefront registers `{ wording: { key, values } }` (a key
 * of its message table, `storefront/lib/api/errors.ts`). Unregistered, a refusal's words are a
 * plain string.
 */
export interface ApiErrorWordings {}
export type Wording = ApiErrorWordings extends { wording: infer W } ? W : never;

/**
 * A refusal in the error shape every Easel answer shares (`errorBody`), thrown by handlers and
 * answered by the app's one `onError`: `throw new ApiError(404, 'not_found', 'There is no
 * artwork x.', 'slug')` -> 404 { error: { code: 'not_found', message: 'There is no artwork x.', param: 'slug' } }.
 * `details` adds fields beside code and message; `retryAfterS` is sent as Retry-After.
 */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    readonly wording: string | Wording,
    readonly param?: string,
    readonly details: Record<string, unknown> = {},
    readonly retryAfterS?: number,
  ) {
    super(status, { message: typeof wording === 'string' ? wording : code });
  }

  /** Its body, with `message` as its words (a registered wording written in the asker's English). */
  body(message: string = this.message): ApiErrorBody {
    return errorBody(this.code, message, this.param, this.details);
  }
}
