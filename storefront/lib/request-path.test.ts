import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { forwardRequestPath, REQUEST_PATH_HEADER } from './request-path';

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
