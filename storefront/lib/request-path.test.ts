import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { forwardRequestPath, pageRequestHeaders, REQUEST_PATH_HEADER } from './request-path';

// NextResponse.next({ request: { headers } }) hands the rewritten request headers to the render as x-middleware-request-*.
const forwarded = (response: Response) => response.headers.get(`x-middleware-request-${REQUEST_PATH_HEADER}`);

describe('forwardRequestPath', () => {
  it('passes the path and query on to the render', () => {
    const response = forwardRequestPath(new NextRequest('http://shop.test/shop/painting/?currency=USD&language=en-us'));
    expect(forwarded(response)).toBe('/shop/painting/?currency=USD&language=en-us');
  });

  it('overwrites a path the client sent itself', () => {
    const response = forwardRequestPath(new NextRequest('http://shop.test/artist/maya/', { headers: { [REQUEST_PATH_HEADER]: '/shop/' } }));
    expect(forwarded(response)).toBe('/artist/maya/');
  });
});

describe('pageRequestHeaders', () => {
  it('keeps the client\'s headers, adds the proxy\'s, and says the path asked for whatever the client sent', () => {
    const request = new NextRequest('http://shop.test/product/no-such-work/?language=en-us', { headers: { [REQUEST_PATH_HEADER]: '/shop/', accept: 'text/html' } });
    const headers = pageRequestHeaders(request, { 'content-security-policy': "default-src 'self'" });
    expect(headers.get(REQUEST_PATH_HEADER)).toBe('/product/no-such-work/?language=en-us');
    expect(headers.get('accept')).toBe('text/html');
    expect(headers.get('content-security-policy')).toBe("default-src 'self'");
  });
});
