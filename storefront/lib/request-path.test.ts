import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '../proxy';
import { pageRequestHeaders, REQUEST_PATH_HEADER } from './request-path';

// NextResponse.next({ request: { headers } }) hands the rewritten request headers to the render as x-middleware-request-*.
const forwarded = (response: Response) => response.headers.get(`x-middleware-request-${REQUEST_PATH_HEADER}`);

describe('the proxy passes the page its path', () => {
  it('passes the path and query on to the render', async () => {
    const response = await proxy(new NextRequest('http://shop.test/basket/?currency=USD&language=en-us'));
    expect(forwarded(response)).toBe('/basket/?currency=USD&language=en-us');
  });

  it('overwrites a path the client sent itself', async () => {
    const response = await proxy(new NextRequest('http://shop.test/basket/', { headers: { [REQUEST_PATH_HEADER]: '/shop/' } }));
    expect(forwarded(response)).toBe('/basket/');
  });

  it('passes a path spelled with escapes in its canonical form, and the page is rendered for that path', async () => {
    const response = await proxy(new NextRequest('http://shop.test/b%61sket//?language=en-us'));
    expect(forwarded(response)).toBe('/basket/?language=en-us');
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://shop.test/basket/?language=en-us');
  });
});

describe('pageRequestHeaders', () => {
  it('keeps the client\'s headers, adds the proxy\'s, and says the path asked for whatever the client sent', () => {
    const request = new NextRequest('http://shop.test/product/no-such-work/?language=en-us', { headers: { [REQUEST_PATH_HEADER]: '/shop/', accept: 'text/html' } });
    const headers = pageRequestHeaders(request, '/product/no-such-work/', { 'content-security-policy': "default-src 'self'" });
    expect(headers.get(REQUEST_PATH_HEADER)).toBe('/product/no-such-work/?language=en-us');
    expect(headers.get('accept')).toBe('text/html');
    expect(headers.get('content-security-policy')).toBe("default-src 'self'");
  });
});
