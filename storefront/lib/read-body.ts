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
 * A JSON object body, or the 4xx answer naming what is wrong with it: 413 past `maxBytes`,
 * 400 when it is not JSON or not an object. `example` shows the expected shape in the message.
 */
export async function readJsonObject(request: Request, maxBytes: number, example: string): Promise<Record<string, unknown> | Response> {
  const text = await readBodyText(request, maxBytes);
  if (text === null) return apiError(413, 'payload_too_large', `The body may be at most ${maxBytes} bytes.`, 'body');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return apiError(400, 'invalid_json', `The body must be a JSON object such as ${example}.`, 'body');
  }
  return body as Record<string, unknown>;
}

/** A body checked against its schema: the data, or a 400 naming the first field at fault. */
export function parseBody<S extends z.ZodType>(schema: S, body: Record<string, unknown>): z.output<S> | Response {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const field = [...issue.path, issue.keys[0]!].join('.');
    return apiError(400, 'invalid_parameter', `${field} is not a field this request takes.`, field);
  }
  if (issue.path.length === 0) return apiError(400, 'invalid_json', `The body ${issue.message}.`, 'body');
  const param = issue.path.join('.');
  return apiError(400, 'invalid_parameter', `${param} ${issue.message}.`, param);
}

/** readJsonObject then parseBody: `const body = await readJsonBody(request, schema, 1024, '{ "slug": "…" }')`. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes: number, example: string): Promise<z.output<S> | Response> {
  const body = await readJsonObject(request, maxBytes, example);
  return body instanceof Response ? body : parseBody(schema, body);
}
