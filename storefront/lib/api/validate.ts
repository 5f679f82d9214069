import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import type { z } from 'zod';
import { ApiError } from './errors';
import { isMessageKey } from '../i18n/messages';

/**
 * The API's validators: the query and JSON body checked against their zod schemas, the first
 * offending field answering 400 `invalid_parameter` named in `param`.
 */

type Issue = z.core.$ZodIssue;

/** A query's first issue: `?slug=Blue%20Sea` -> 400 "slug must be a catalogue slug…", param slug. */
function queryRefusal(issue: Issue): ApiError {
  const param = String(issue.path[0]);
  return new ApiError(400, 'invalid_parameter', `${param} ${issue.message}.`, param);
}

/**
 * A body's first issue: a field it does not take, a field at fault, or a body of the wrong shape.
 * A schema's message is either a fragment that follows the field's name ('must be at most 40
 * characters' -> "code must be at most 40 characters.") or, for forms a shopper fills in, a key
 * of the message table, answered as that sentence in the shopper's English ('refusal.expiry' ->
 * "Enter the expiry as MM/YY, as it is printed on the card.").
 */
export function bodyRefusal(issue: Issue): ApiError {
  if (issue.code === 'unrecognized_keys') {
    const field = [...issue.path, issue.keys[0]!].join('.');
    return new ApiError(400, 'invalid_parameter', `${field} is not a field this request takes.`, field);
  }
  if (issue.path.length === 0) return new ApiError(400, 'invalid_json', `The body ${issue.message}.`, 'body');
  const param = issue.path.join('.');
  const message = isMessageKey(issue.message) ? { key: issue.message } : `${param} ${issue.message}.`;
  return new ApiError(400, 'invalid_parameter', message, param);
}

/**
 * The request's query, validated. A parameter given twice counts once, as its first value, and
 * unknown parameters are ignored, as caches and trackers add their own.
 */
export const query = <S extends z.ZodObject>(schema: S) =>
  zValidator('query', schema, (result) => {
    if (!result.success) throw queryRefusal(result.error.issues[0]!);
  }, {
    // The validator's result type is left open for a generic schema; safeParseAsync's is the one it takes.
    validationFunction: (s, value): Promise<any> => s.safeParseAsync(firstValues(value)),
  });

/** A query with each repeated parameter's first value: { a: ['1', '2'], b: '3' } -> { a: '1', b: '3' }. */
const firstValues = (query: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));

/** Reads JSON whatever the Content-Type says: the browser's beacons send it as text/plain. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The body as a JSON object, within `maxBytes`: 413 `payload_too_large` past it (reading stops
 * at the limit, so an endless body costs no more), 400 `invalid_json` when it is not JSON or
 * not an object. `example` shows the expected shape in the message.
 */
export function jsonObject(maxBytes: number, example: string): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', `The body may be at most ${maxBytes} bytes.`, 'body');
    },
  });
  const parse: MiddlewareHandler = async (c, next) => {
    const text = c.req.raw.body ? await c.req.text() : '';
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ApiError(400, 'invalid_json', `The body must be a JSON object such as ${example}.`, 'body');
    }
    // The validator reads only what is labelled JSON; the body was read as JSON above, so it is labelled so.
    if (!JSON_TYPE.test((c.req.header('content-type') ?? '').split(';')[0]!.trim())) {
      const headers = new Headers(c.req.raw.headers);
      headers.set('content-type', 'application/json');
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body: text });
    }
    await next();
  };
  return every(limit, parse);
}

/** The JSON body checked against its schema (after jsonObject has read it). */
export const json = <S extends z.ZodType>(schema: S) =>
  zValidator('json', schema, (result) => {
    if (!result.success) throw bodyRefusal(result.error.issues[0]!);
  });
