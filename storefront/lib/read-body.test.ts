import { describe, expect, it } from 'vitest';
import { readBodyText } from './read-body';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://shop.test/', { method: 'PUT', body, headers, duplex: 'half' } as RequestInit);

describe('readBodyText', () => {
  it('reads a body within the limit, multi-byte characters included', async () => {
    expect(await readBodyText(post('{"a":"£1"}'), 16)).toBe('{"a":"£1"}');
  });

  it('refuses a body that declares more than the limit without reading it', async () => {
    expect(await readBodyText(post('x', { 'Content-Length': '5000' }), 4096)).toBeNull();
  });

  it('stops reading a body without a length once it passes the limit', async () => {
    expect(await readBodyText(post(streamOf('x'.repeat(3000), 'x'.repeat(3000), 'x'.repeat(3000))), 4096)).toBeNull();
  });

  it('reads a missing body as empty text', async () => {
    expect(await readBodyText(new Request('http://shop.test/', { method: 'PUT' }), 16)).toBe('');
  });
});
