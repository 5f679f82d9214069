import type { z } from 'zod';
import { apiError } from './api-error';

/**
 * A request body as text, or null when it is longer than `maxBytes`. Reading stops at the
 * limit, so an endless body costs no more than the limit.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > maxBytes) return null;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * A JSON request body validated by `schema`, or the 4xx that names what is wrong with it:
 * 413 past `maxBytes`, 400 `invalid_json` for text that is not a JSON object, 400
 * `invalid_parameter` naming the first field at fault (an unknown field of a strict schema too).
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes: number): Promise<z.output<S> | Response> {
  const text = await readBodyText(request, maxBytes);
  if (text === null) return apiError(413, 'payload_too_large', `The body may be at most ${maxBytes} bytes.`, 'body');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return apiError(400, 'invalid_json', 'The body must be a JSON object.', 'body');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return apiError(400, 'invalid_json', 'The body must be a JSON object.', 'body');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const [field, problem] = issue.code === 'unrecognized_keys' ? [issue.keys[0]!, 'is not a field this request takes'] : [String(issue.path[0] ?? 'body'), issue.message];
  return apiError(400, 'invalid_parameter', `${field} ${problem}.`, field);
}
