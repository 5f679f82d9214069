import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { apiError, apiErrorBodySchema, errorBody } from './api-error-body';

describe('the error body every Easel answer shares', () => {
  it('names the field at fault only when there is one, and keeps the fields a refusal adds', () => {
    expect(errorBody('not_found', 'There is no artwork x.')).toEqual({ error: { code: 'not_found', message: 'There is no artwork x.' } });
    expect(errorBody('invalid_parameter', 'Page must be a whole number.', 'page')).toEqual({
      error: { code: 'invalid_parameter', message: 'Page must be a whole number.', param: 'page' },
    });
    expect(errorBody('internal', 'Something went wrong (error 7).', undefined, { id: '7' }).error).toEqual({ code: 'internal', message: 'Something went wrong (error 7).', id: '7' });
  });

  it('reads what each part writes, and refuses a code no part writes', () => {
    for (const code of ['rate_limited', 'engine_timeout', 'overloaded', 'bad_gateway', 'stale_line'] as const) {
      expect(apiErrorBodySchema.parse(errorBody(code, 'Try again.')).error.code).toBe(code);
    }
    expect(apiErrorBodySchema.safeParse({ error: { code: 'teapot', message: 'Short and stout.' } }).success).toBe(false);
  });

  it('answers an uncached response in the shape', async () => {
    const response = apiError(404, 'not_found', 'No photo at x.', 'path');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(apiErrorBodySchema.parse(await response.json())).toEqual({ error: { code: 'not_found', message: 'No photo at x.', param: 'path' } });
  });
});

describe('ApiError', () => {
  it('is a refusal with its status, body and wait', () => {
    const busy = new ApiError(503, 'overloaded', 'Search is busy right now.', undefined, {}, 1);
    expect([busy.status, busy.message, busy.retryAfterS]).toEqual([503, 'Search is busy right now.', 1]);
    expect(busy.body()).toEqual({ error: { code: 'overloaded', message: 'Search is busy right now.' } });
  });

  it('writes its body in the words it is given, with its field and details', () => {
    const changed = new ApiError(409, 'quote_changed', 'The total changed.', 'total', { total_minor: 1200 });
    expect(changed.body('The total has changed.')).toEqual({ error: { code: 'quote_changed', message: 'The total has changed.', param: 'total', total_minor: 1200 } });
  });
});
