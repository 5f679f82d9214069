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
 * A JSON body checked against `schema`, or the 4xx answer naming what is wrong with it: 413
 * beyond `maxBytes`, 400 for text that is not JSON of the expected shape (`param` names the
 * first offending field, `example` shows the expected shape).
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes: number, example: string): Promise<z.output<S> | Response> {
  const text = await readBodyText(request, maxBytes);
  if (text === null) return apiError(413, 'payload_too_large', `The body may be at most ${maxBytes} bytes.`, 'body');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return apiError(400, 'invalid_json', `The body must be a JSON object such as ${example}.`, 'body');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const field = [...issue.path, issue.keys[0]!].join('.');
    return apiError(400, 'invalid_parameter', `${field} is not a field this request takes.`, field);
  }
  if (issue.path.length === 0) return apiError(400, 'invalid_json', `The body must be a JSON object such as ${example}.`, 'body');
  const param = issue.path.join('.');
  return apiError(400, 'invalid_parameter', `${param} ${issue.message}.`, param);
}
