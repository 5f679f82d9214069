import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callable } from './testing';
import { json, jsonObject, query } from './validate';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const put = (body: BodyInit | undefined, headers: Record<string, string> = {}) =>
  new Request('http://shop.test/x/', { method: 'PUT', body, headers, duplex: 'half' } as RequestInit);

const call = callable(new Hono()
  .put('/x/', jsonObject(16, '{ "a": "…" }'), json(z.strictObject({ a: z.string() })), (c) => c.json(c.req.valid('json')))
  .get('/x/', query(z.object({ n: z.coerce.number({ error: 'must be a number' }) })), (c) => c.json(c.req.valid('query'))));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; param?: string } }).error;

describe('jsonObject and json', () => {
  it('read a body within the limit, multi-byte characters included, whatever its Content-Type', async () => {
    for (const type of ['application/json', 'text/plain;charset=UTF-8']) {
      const response = await call(put('{"a":"£1"}', { 'Content-Type': type }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ a: '£1' });
    }
  });

  it('refuse a body that declares more than the limit without reading it', async () => {
    const response = await call(put('x', { 'Content-Length': '5000' }));
    expect(response.status).toBe(413);
    expect(await errorOf(response)).toMatchObject({ code: 'payload_too_large', param: 'body' });
  });

  it('stop reading a body without a length once it passes the limit', async () => {
    const response = await call(put(streamOf('{"a":"', 'x'.repeat(3000), '"}')));
    expect(response.status).toBe(413);
  });

  it('read a missing body as empty, which is not JSON', async () => {
    expect(await errorOf(await call(put(undefined)))).toMatchObject({ code: 'invalid_json', param: 'body' });
  });

  it('name a field the body does not take, or the field at fault', async () => {
    expect(await errorOf(await call(put('{"a":"1","b":2}')))).toMatchObject({ code: 'invalid_parameter', param: 'b' });
    expect(await errorOf(await call(put('{"a":1}')))).toMatchObject({ code: 'invalid_parameter', param: 'a' });
    expect(await errorOf(await call(put('[1]')))).toMatchObject({ code: 'invalid_json', param: 'body' });
  });
});

describe('query', () => {
  it('reads a parameter given twice as its first value, and names one at fault', async () => {
    expect(await (await call(new Request('http://shop.test/x/?n=1&n=2'))).json()).toEqual({ n: 1 });
    expect(await errorOf(await call(new Request('http://shop.test/x/?n=one')))).toMatchObject({ code: 'invalid_parameter', param: 'n' });
  });
});
